package io.npuzzle.worker.metrics;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.npuzzle.core.board.Shape;
import io.npuzzle.core.model.Outcome;
import io.npuzzle.core.solve.SolveCost;
import io.npuzzle.protocol.JobStatus;
import io.npuzzle.runtime.metrics.CacheLookups;
import io.npuzzle.worker.search.TaskEnd;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

/** The worker's meters, served at {@code /q/metrics}. Names are shared with the API where they mean the same. */
@ApplicationScoped
public class WorkerMetrics implements JobMetrics {

    /** Histogram buckets from table look-ups (microseconds) to searches at the usual budget (seconds). */
    private static final Duration[] SOLVE_TIME_BUCKETS = {Duration.ofMillis(1), Duration.ofMillis(5),
            Duration.ofMillis(20), Duration.ofMillis(100), Duration.ofMillis(500), Duration.ofSeconds(2),
            Duration.ofSeconds(5), Duration.ofSeconds(15), Duration.ofSeconds(60)};

    private final MeterRegistry registry;
    private final CacheLookups cacheLookups;
    private final AtomicInteger inFlight;

    WorkerMetrics(MeterRegistry registry, CacheLookups cacheLookups) {
        this.registry = registry;
        this.cacheLookups = cacheLookups;
        this.inFlight = registry.gauge("npuzzle.worker.jobs.in.flight", new AtomicInteger());
    }

    @Override
    public void started() {
        inFlight.incrementAndGet();
    }

    @Override
    public void startedFor(String client, SolveCost lane) {
        registry.counter("npuzzle.client.jobs.started", "client", client, "lane", lane.label()).increment();
    }

    @Override
    public void ended() {
        inFlight.decrementAndGet();
    }

    @Override
    public void finished(JobStatus status) {
        registry.counter("npuzzle.worker.jobs.finished", "status", status.name()).increment();
    }

    @Override
    public void cacheLookup(boolean hit) {
        cacheLookups.record(hit);
    }

    /** How long a search took, by board shape and how it ended. */
    public void solved(Shape shape, Outcome outcome, Duration took) {
        Timer.builder("npuzzle.solve.time").description("Time of one search by the solver")
                .tag("shape", shape.rows() + "x" + shape.cols()).tag("outcome", outcome.name())
                .serviceLevelObjectives(SOLVE_TIME_BUCKETS)
                .register(registry).record(took);
    }

    /**
     * One task of a split search taken ({@code npuzzle_search_tasks_total}, by how it ended) and the nodes it expanded ({@code npuzzle_search_task_nodes_total}).
     */
    public void taskSearched(TaskEnd end, long nodes) {
        registry.counter("npuzzle.search.tasks", "outcome", end.label()).increment();
        registry.counter("npuzzle.search.task.nodes").increment(nodes);
    }
}
