#!/bin/sh
# Runs a class from the broker's jars, as Apache's script of this name does:
#   kafka-run-class.sh CLASS [ARGS...]
# KAFKA_HEAP_OPTS (default -Xmx256M), KAFKA_JVM_PERFORMANCE_OPTS, KAFKA_OPTS and KAFKA_LOG_LEVEL (default warn; the
# broker logs at info) are passed to java.
exec java ${KAFKA_HEAP_OPTS:--Xmx256M} ${KAFKA_JVM_PERFORMANCE_OPTS:--XX:+UseG1GC -XX:MaxGCPauseMillis=20 -Djava.awt.headless=true} \
  -Dorg.slf4j.simpleLogger.defaultLogLevel="${KAFKA_LOG_LEVEL:-warn}" ${KAFKA_OPTS:-} \
  -cp "$(dirname "$0")/../libs/*" "$@"
