package io.npuzzle.worker.messaging;

import io.opentelemetry.context.propagation.TextMapGetter;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Reads a record's trace context (W3C {@code traceparent}, {@code tracestate}) from its Kafka headers, as the
 * connector's producers write it, for the consumers the connector does not trace: the heavy lane's share
 * consumers. Where a header is repeated, the last one counts, as the connector's own reader takes it.
 */
enum RecordHeadersGetter implements TextMapGetter<Headers> {
    INSTANCE;

    @Override
    public Iterable<String> keys(Headers headers) {
        Set<String> keys = new LinkedHashSet<>();
        headers.forEach(header -> keys.add(header.key()));
        return keys;
    }

    @Override
    public String get(Headers headers, String key) {
        Header header = headers.lastHeader(key);
        return header == null || header.value() == null ? null : new String(header.value(), StandardCharsets.UTF_8);
    }
}
