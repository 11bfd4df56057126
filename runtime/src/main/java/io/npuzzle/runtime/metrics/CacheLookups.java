package io.npuzzle.runtime.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Solution cache look-ups before a solve, one meter for both services, told apart by the {@code where} tag (the
 * API looks before it queues a job, a worker before it solves one).
 */
@ApplicationScoped
public class CacheLookups {

    private final Counter hits;
    private final Counter misses;

    /** @param where the service that looks, {@code api} or {@code worker} */
    @Inject
    public CacheLookups(MeterRegistry registry, @ConfigProperty(name = "npuzzle.metrics.service") String where) {
        this.hits = counter(registry, where, "hit");
        this.misses = counter(registry, where, "miss");
    }

    private static Counter counter(MeterRegistry registry, String where, String result) {
        return Counter.builder("npuzzle.cache.lookups").description("Solution cache look-ups before a solve")
                .tag("where", where).tag("result", result).register(registry);
    }

    public void record(boolean hit) {
        (hit ? hits : misses).increment();
    }
}
