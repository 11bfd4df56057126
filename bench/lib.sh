# Shared by the benchmarks that run their own Kafka broker and Redis (on ports of their own) and bin/run on them.
# The caller sets RUN (its state folder), KAFKA_LIB, KAFKA_PORT, CONTROLLER_PORT and (for Redis) REDIS_PORT, then
# sources this.
. "$(dirname "${BASH_SOURCE[0]}")/../bin/lib.sh"

[ -f "$KAFKA_LIB/.complete" ] || npuzzle_die "the Kafka broker is not fetched yet: run bin/run once, then this"

# A Kafka tool (or the broker) from the fetched jars.
kafka() { java -Xmx512m -Dorg.slf4j.simpleLogger.defaultLogLevel=warn -cp "$KAFKA_LIB/*" "$@"; }

# Waits until something listens on port $1.
await_port() {
  local deadline=$((SECONDS + 120))
  until (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; do
    [ "$SECONDS" -lt "$deadline" ] || npuzzle_die "nothing listens on port $1 after 120 s (logs: $RUN)"
    sleep 0.2
  done
}

# What this benchmark started, stopped newest first when it exits.
pids=()
stop_all() {
  local i
  for ((i = ${#pids[@]} - 1; i >= 0; i--)); do
    kill -TERM "${pids[i]}" 2>/dev/null || true
    wait "${pids[i]}" 2>/dev/null || true
  done
}
trap stop_all EXIT

# A fresh RUN folder with a formatted single-node broker whose topics get $1 partitions; further arguments go to
# the storage format (e.g. --feature NAME=LEVEL).
prepare_broker() {
  rm -rf "$RUN"
  mkdir -p "$RUN"
  npuzzle_kafka_config "$RUN/kafka.properties" "$KAFKA_PORT" "$CONTROLLER_PORT" "$RUN/kafka-data" "$1"
  kafka kafka.tools.StorageTool format --config "$RUN/kafka.properties" \
    --cluster-id "$(kafka kafka.tools.StorageTool random-uuid)" "${@:2}" >"$RUN/kafka-format.log" 2>&1
}

broker=
# exec, so that the background process is the broker itself and stopping it stops the broker.
start_broker() {
  (exec java -Xmx512m -cp "$KAFKA_LIB/*" kafka.Kafka "$RUN/kafka.properties") >>"$RUN/kafka.log" 2>&1 &
  broker=$!
  pids+=("$broker")
  await_port "$KAFKA_PORT"
}

# Redis without persistence on REDIS_PORT.
start_redis() {
  command -v redis-server >/dev/null || npuzzle_die "redis-server is missing (apt-get install redis-server)"
  redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --save "" --appendonly no >"$RUN/redis.log" 2>&1 &
  pids+=($!)
  await_port "$REDIS_PORT"
}

# Waits until bin/run (process $1, writing to log $2) says it is running; stops with its log if it died.
await_running() {
  local deadline=$((SECONDS + 600))
  until grep -q 'npuzzle is running' "$2" 2>/dev/null; do
    [ "$SECONDS" -lt "$deadline" ] && kill -0 "$1" 2>/dev/null || { cat "$2" >&2; npuzzle_die "bin/run did not start"; }
    sleep 0.5
  done
}
