#!/bin/sh
# Starts the broker: kafka-server-start.sh server.properties   (KAFKA_HEAP_OPTS default -Xmx1G -Xms1G, as Apache's)
[ $# -ge 1 ] || { echo "USAGE: $0 server.properties" >&2; exit 1; }
export KAFKA_HEAP_OPTS="${KAFKA_HEAP_OPTS:--Xmx1G -Xms1G}"
export KAFKA_LOG_LEVEL="${KAFKA_LOG_LEVEL:-info}"
exec "$(dirname "$0")/kafka-run-class.sh" kafka.Kafka "$@"
