package io.npuzzle.worker;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.npuzzle.core.board.Shape;
import io.npuzzle.core.solve.Outcome;
import io.npuzzle.protocol.JobStatus;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

/** The worker's meters, served at {@code /q/metrics}. Names are shared with the API where they mean the same. */
@ApplicationScoped
public class WorkerMetrics {

    /** Histogram buckets from table look-ups (microseconds) to searches at the usual budget (seconds). */
    private static final Duration[] SOLVE_TIME_BUCKETS = {Duration.ofMillis(1), Duration.ofMillis(5),
            Duration.ofMillis(20), Duration.ofMillis(100), Duration.ofMillis(500), Duration.ofSeconds(2),
            Duration.ofSeconds(5), Duration.ofSeconds(15), Duration.ofSeconds(60)};

    private final MeterRegistry registry;
    private final AtomicInteger inFlight;
    private final Counter cacheHits;
    private final Counter cacheMisses;

    WorkerMetrics(MeterRegistry registry) {
        this.registry = registry;
        this.inFlight = registry.gauge("npuzzle.worker.jobs.in.flight", new AtomicInteger());
        this.cacheHits = cacheLookups(registry, "hit");
        this.cacheMisses = cacheLookups(registry, "miss");
    }

    private static Counter cacheLookups(MeterRegistry registry, String result) {
        return Counter.builder("npuzzle.cache.lookups").description("Solution cache look-ups before a solve")
                .tag("where", "worker").tag("result", result).register(registry);
    }

    public void started() {
        inFlight.incrementAndGet();
    }

    public void ended() {
        inFlight.decrementAndGet();
    }

    public void cacheLookup(boolean hit) {
        (hit ? cacheHits : cacheMisses).increment();
    }

    /** A job this worker finished, by the status it published. */
    public void finished(JobStatus status) {
        registry.counter("npuzzle.worker.jobs.finished", "status", status.name()).increment();
    }

    /** How long a search took, by board shape and how it ended. */
    public void solved(Shape shape, Outcome outcome, Duration took) {
        Timer.builder("npuzzle.solve.time").description("Time of one search by the solver")
                .tag("shape", shape.rows() + "x" + shape.cols()).tag("outcome", outcome.name())
                .serviceLevelObjectives(SOLVE_TIME_BUCKETS)
                .register(registry).record(took);
    }
}
