package io.npuzzle.api.jobs;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.npuzzle.protocol.JobStatus;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * The API's job meters, served at {@code /q/metrics}. Outcomes are counted by the replica that records them, so
 * the sums over all replicas count each job once.
 */
@ApplicationScoped
public class JobMetrics {

    private final MeterRegistry registry;
    private final Counter answeredAtOnce;
    private final Counter queued;
    private final Counter cacheHits;
    private final Counter cacheMisses;

    JobMetrics(MeterRegistry registry) {
        this.registry = registry;
        this.answeredAtOnce = submitted(registry, "cache");
        this.queued = submitted(registry, "queue");
        this.cacheHits = cacheLookups(registry, "hit");
        this.cacheMisses = cacheLookups(registry, "miss");
    }

    private static Counter submitted(MeterRegistry registry, String route) {
        return Counter.builder("npuzzle.jobs.submitted").description("Jobs accepted, by where they went")
                .tag("route", route).register(registry);
    }

    private static Counter cacheLookups(MeterRegistry registry, String result) {
        return Counter.builder("npuzzle.cache.lookups").description("Solution cache look-ups before a solve")
                .tag("where", "api").tag("result", result).register(registry);
    }

    /** A job accepted: answered from the cache, or queued for the workers. */
    public void submitted(boolean answeredFromCache) {
        (answeredFromCache ? cacheHits : cacheMisses).increment();
        (answeredFromCache ? answeredAtOnce : queued).increment();
        if (answeredFromCache) {
            finished(JobStatus.DONE);
        }
    }

    /** An outcome recorded for a job, by its status. */
    public void finished(JobStatus status) {
        registry.counter("npuzzle.jobs.finished", "status", status.name()).increment();
    }
}
