# Shared by the launchers: find the repository and make sure a JDK 17+ and Maven are there.
# shellcheck shell=bash

NPUZZLE_HOME=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# JVM options of the solver's processes: the command line, the benchmarks and the workers take them all, the API
# the huge pages. Transparent huge pages for the heap: the pattern databases and their positional tables are
# hundreds of megabytes read at random, and a heap touched 4 KB at a time pays a page fault per page (bench/korf
# and bin/npuzzle databases measure the difference: bench/RESULTS.md). Where the kernel offers none, the JVM goes
# on without them, and its note about that is kept off standard output, which carries the answers. The parallel
# collector compacts every object when the heap fills: G1 leaves arrays of half a region or more where they lie,
# and a heap mostly taken by databases and searches' node arrays can then fail an allocation with room to spare.
NPUZZLE_HUGE_PAGES="-XX:+UseTransparentHugePages -Xlog:pagesize=off"
NPUZZLE_JVM_OPTIONS="-XX:+UseParallelGC $NPUZZLE_HUGE_PAGES"

npuzzle_die() {
  echo "npuzzle: $*" >&2
  exit 1
}

npuzzle_require_java() {
  command -v java >/dev/null 2>&1 ||
    npuzzle_die "Java is missing: install a JDK 17 or newer (Debian/Ubuntu: apt-get install openjdk-17-jdk-headless)"
  local version
  version=$(java -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')
  [ "${version%%.*}" -ge 17 ] 2>/dev/null ||
    npuzzle_die "Java $version found, but 17 or newer is needed (Debian/Ubuntu: apt-get install openjdk-17-jdk-headless)"
}

npuzzle_require_maven() {
  npuzzle_require_java
  command -v javac >/dev/null 2>&1 ||
    npuzzle_die "javac is missing: install a full JDK 17 or newer, not only a runtime (apt-get install openjdk-17-jdk-headless)"
  if ! command -v mvn >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
      echo "npuzzle: installing Maven (Debian package maven)" >&2
      apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq maven >/dev/null ||
        npuzzle_die "could not install Maven; install it yourself: apt-get install maven"
    else
      npuzzle_die "Maven is missing: install Maven 3.8 or newer (Debian/Ubuntu: sudo apt-get install maven)"
    fi
  fi
}

# Builds the core jar when it is missing or older than its sources.
npuzzle_core_jar() {
  local jar="$NPUZZLE_HOME/core/target/npuzzle-core-1.0.0-SNAPSHOT.jar"
  if [ ! -f "$jar" ] || [ -n "$(find "$NPUZZLE_HOME/core/src/main" "$NPUZZLE_HOME/core/pom.xml" -newer "$jar" -print -quit)" ]; then
    npuzzle_require_maven
    echo "npuzzle: building the core jar..." >&2
    (cd "$NPUZZLE_HOME" && mvn -q -B -pl core -DskipTests package) >&2 || npuzzle_die "the build failed"
  fi
  echo "$jar"
}

# Writes the configuration of a single-node KRaft broker; Kafka's internal topics get one replica, as share groups
# never become ready while their state topic cannot be created or written:
#   npuzzle_kafka_config FILE PORT CONTROLLER_PORT DATA_DIR PARTITIONS
npuzzle_kafka_config() {
  cat >"$1" <<EOF
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@localhost:$3
listeners=PLAINTEXT://localhost:$2,CONTROLLER://localhost:$3
advertised.listeners=PLAINTEXT://localhost:$2
controller.listener.names=CONTROLLER
listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT
log.dirs=$4
num.partitions=$5
offsets.topic.replication.factor=1
offsets.topic.num.partitions=1
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
share.coordinator.state.topic.replication.factor=1
share.coordinator.state.topic.min.isr=1
group.initial.rebalance.delay.ms=0
EOF
}

# The Kafka version tools/kafka/pom.xml fetches (that of the apps' kafka-clients).
npuzzle_kafka_version() {
  sed -n 's:.*<kafka.version>\(.*\)</kafka.version>.*:\1:p' "$NPUZZLE_HOME/tools/kafka/pom.xml"
}

# Copies the Kafka broker's jars (tools/kafka/pom.xml, from Maven Central) into DIR, unless a complete copy of the
# same pom is there already:   npuzzle_fetch_kafka DIR
npuzzle_fetch_kafka() {
  local dir="$1" pom="$NPUZZLE_HOME/tools/kafka/pom.xml"
  if [ ! -f "$dir/.complete" ] || [ "$pom" -nt "$dir/.complete" ]; then
    npuzzle_require_maven
    echo "npuzzle: fetching the Kafka broker (org.apache.kafka:kafka_2.13 $(npuzzle_kafka_version)) from Maven Central" >&2
    rm -rf "$dir"
    mvn -q -B -f "$pom" dependency:copy-dependencies -DoutputDirectory="$dir" -DincludeScope=runtime >&2 ||
      npuzzle_die "fetching the Kafka broker failed"
    touch "$dir/.complete"
  fi
}

# Says (exit status 0) whether a packaged app (api, worker) is missing or older than the sources it is built from.
npuzzle_apps_stale() {
  local jar module sources=("$NPUZZLE_HOME/pom.xml")
  for module in core protocol runtime api worker; do
    sources+=("$NPUZZLE_HOME/$module/pom.xml" "$NPUZZLE_HOME/$module/src/main")
  done
  for jar in "$NPUZZLE_HOME/api/target/quarkus-app/quarkus-run.jar" "$NPUZZLE_HOME/worker/target/quarkus-app/quarkus-run.jar"; do
    [ -f "$jar" ] || return 0
    [ -z "$(find "${sources[@]}" -newer "$jar" -print -quit)" ] || return 0
  done
  return 1
}

# The Debian archive this machine's apt already fetches from (its first source that is not a security archive), so
# that scripts fetching Debian packages outside apt (debootstrap, another suite's package) use the same mirror.
# NPUZZLE_DEBIAN_MIRROR=URI overrides it.
npuzzle_debian_mirror() {
  if [ -n "${NPUZZLE_DEBIAN_MIRROR:-}" ]; then
    echo "$NPUZZLE_DEBIAN_MIRROR"
    return
  fi
  local uri
  uri=$(grep -hsE '^[[:space:]]*(URIs:|deb[[:space:]])' /etc/apt/sources.list /etc/apt/sources.list.d/*.list \
      /etc/apt/sources.list.d/*.sources |
    sed -E 's/^[[:space:]]*URIs:[[:space:]]*//; s/^[[:space:]]*deb[[:space:]]+(\[[^]]*\][[:space:]]+)?//' |
    tr ' ' '\n' | grep -E '^https?://' | grep -v -- '-security' | head -n 1)
  [ -n "$uri" ] || npuzzle_die "no Debian archive found in apt's sources: set NPUZZLE_DEBIAN_MIRROR=URI"
  echo "$uri"
}
