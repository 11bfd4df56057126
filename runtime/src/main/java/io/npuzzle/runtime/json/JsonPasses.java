package io.npuzzle.runtime.json;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Counts the JSON passes over the protocol's records, {@code npuzzle_json_passes_total{pass, record}}: one for each
 * record encoded ({@code pass="encode"}) or decoded ({@code pass="decode"}), by the record's type.
 */
final class JsonPasses {

    private final MeterRegistry registry;
    private final Map<Class<?>, Counter> encodes = new ConcurrentHashMap<>();
    private final Map<Class<?>, Counter> decodes = new ConcurrentHashMap<>();

    JsonPasses(MeterRegistry registry) {
        this.registry = registry;
    }

    void encoded(Class<?> type) {
        encodes.computeIfAbsent(type, each -> counter("encode", each)).increment();
    }

    void decoded(Class<?> type) {
        decodes.computeIfAbsent(type, each -> counter("decode", each)).increment();
    }

    private Counter counter(String pass, Class<?> type) {
        return Counter.builder("npuzzle.json.passes")
                .description("Protocol records encoded to or decoded from JSON, HTTP bodies aside")
                .tag("pass", pass).tag("record", type.getSimpleName()).register(registry);
    }
}
