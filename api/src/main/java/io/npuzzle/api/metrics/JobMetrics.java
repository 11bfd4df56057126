package io.npuzzle.api.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.npuzzle.core.solve.SolveCost;
import io.npuzzle.protocol.JobStatus;
import io.npuzzle.protocol.SolveRequest;
import io.npuzzle.runtime.metrics.CacheLookups;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The API's job meters, served at {@code /q/metrics}. Outcomes are counted by the replica that records them, so
 * the sums over all replicas count each job once.
 */
@ApplicationScoped
public class JobMetrics {

    /**
     * Histogram buckets of the time from submission to outcome: from answers out of the cache to heavy jobs that
     * take the longest deadline a client may set.
     */
    private static final Duration[] LATENCY_BUCKETS = {Duration.ofMillis(5), Duration.ofMillis(10),
            Duration.ofMillis(25), Duration.ofMillis(50), Duration.ofMillis(100), Duration.ofMillis(250),
            Duration.ofMillis(500), Duration.ofSeconds(1), Duration.ofMillis(2500), Duration.ofSeconds(5),
            Duration.ofSeconds(10), Duration.ofSeconds(30), Duration.ofMinutes(1), Duration.ofMinutes(5),
            Duration.ofMinutes(15), Duration.ofHours(1)};

    private final MeterRegistry registry;
    private final CacheLookups cacheLookups;
    private final Counter answeredFromCache;
    private final Counter queued;
    private final Map<RedriveRoute, Counter> redriven = new EnumMap<>(RedriveRoute.class);
    private final Map<SolveCost, AtomicLong> waiting = new EnumMap<>(SolveCost.class);
    /** Submission-to-outcome timers by lane, then status, each registered at its first outcome. */
    private final Map<SolveCost, Map<JobStatus, Timer>> latency = new EnumMap<>(SolveCost.class);

    @Inject
    public JobMetrics(MeterRegistry registry, CacheLookups cacheLookups) {
        this.registry = registry;
        this.cacheLookups = cacheLookups;
        this.answeredFromCache = submitted(registry, "cache");
        this.queued = submitted(registry, "queue");
        // Registered at once, so that the series exist (at 0) before the first re-drive: alerts see it rise.
        for (RedriveRoute route : RedriveRoute.values()) {
            redriven.put(route, Counter.builder("npuzzle.jobs.redriven")
                    .description("Accepted jobs that went quiet, by where they were driven on")
                    .tag("route", route.tag()).register(registry));
        }
        for (SolveCost lane : SolveCost.values()) {
            latency.put(lane, new ConcurrentHashMap<>());
            AtomicLong jobs = new AtomicLong();
            waiting.put(lane, jobs);
            Gauge.builder("npuzzle.lane.jobs.waiting", jobs, AtomicLong::get)
                    .description("Jobs waiting their turn in a lane's client queues, over all clients, as this"
                            + " replica last looked (every replica sees the same queues)")
                    .tag("lane", lane.label()).register(registry);
        }
    }

    private static Counter submitted(MeterRegistry registry, String route) {
        return Counter.builder("npuzzle.jobs.submitted").description("Jobs accepted, by where they went")
                .tag("route", route).register(registry);
    }

    /** A job accepted and answered at once from the cache: DONE already. */
    public void answeredFromCache(SolveRequest request) {
        cacheLookups.record(true);
        answeredFromCache.increment();
        finished(request, JobStatus.DONE);
    }

    /** A job accepted for the workers of a lane, its solution not cached, from a client ({@code ClientLabel}). */
    public void queued(String client, SolveCost lane) {
        cacheLookups.record(false);
        queued.increment();
        registry.counter("npuzzle.client.jobs.queued", "client", client, "lane", lane.label()).increment();
    }

    /**
     * A client's job published for the workers of a lane: at once, or in its turn after waiting behind other
     * clients' jobs; the wait from submission is timed.
     */
    public void handedOut(String client, SolveCost lane, Instant submittedAt) {
        Timer.builder("npuzzle.client.turn.wait")
                .description("Time from a job's submission until it is published for the workers, by client")
                .tags("client", client, "lane", lane.label()).register(registry)
                .record(Duration.between(submittedAt, Instant.now()).abs());
    }

    /** The jobs waiting their turn in a lane, over all clients, as the last look at its queues found them. */
    public void waiting(SolveCost lane, long jobs) {
        waiting.get(lane).set(jobs);
    }

    /** A client's job whose outcome this replica recorded. */
    public void finished(String client) {
        registry.counter("npuzzle.client.jobs.finished", "client", client).increment();
    }

    /** Where a re-driven job went ({@link io.npuzzle.api.jobs.StaleJobs}). */
    public enum RedriveRoute {
        /** Finished with the answer a worker cached. */
        CACHE,
        /** Published again to its lane. */
        QUEUE,
        /** FAILED: re-driven too often. */
        ABANDONED;

        String tag() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** A job that went quiet, driven on by this replica (its outcome, where it got one, counted apart). */
    public void redriven(RedriveRoute route) {
        redriven.get(route).increment();
    }

    /**
     * An outcome recorded for a job, by its status, and the time since the job's submission, by its lane and
     * status. Only the call that recorded the outcome tells it, so each job counts once.
     */
    public void finished(SolveRequest request, JobStatus status) {
        registry.counter("npuzzle.jobs.finished", "status", status.name()).increment();
        SolveCost lane = request.lane();
        latency.get(lane).computeIfAbsent(status, first -> Timer.builder("npuzzle.jobs.latency")
                        .description("Time from a job's submission until its outcome is recorded, by lane and status")
                        .tags("lane", lane.label(), "status", first.name())
                        .serviceLevelObjectives(LATENCY_BUCKETS).register(registry))
                .record(since(request.submittedAt()));
    }

    /**
     * The time since a moment another replica may have taken: none where that replica's clock is ahead of this
     * one's.
     */
    private static Duration since(Instant moment) {
        Duration since = Duration.between(moment, Instant.now());
        return since.isNegative() ? Duration.ZERO : since;
    }
}
