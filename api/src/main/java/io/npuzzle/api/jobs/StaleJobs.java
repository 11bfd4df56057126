package io.npuzzle.api.jobs;

import io.npuzzle.api.config.ApiConfig;
import io.npuzzle.api.metrics.JobMetrics;
import io.npuzzle.core.solve.SolveCost;
import io.npuzzle.protocol.JobIds;
import io.npuzzle.protocol.ProblemType;
import io.npuzzle.protocol.SolveOutcome;
import io.npuzzle.protocol.SolveRequest;
import io.npuzzle.runtime.json.JsonCodec;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.subscription.Cancellable;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import org.jboss.logging.Logger;
import org.jboss.logging.MDC;

import java.time.Duration;

/**
 * Finds the accepted jobs that went quiet and drives them on, so that no job stays unfinished whatever was lost
 * between the API, Kafka and the workers (a request never published, an outcome stuck behind a consumer group that
 * does not move). Every replica looks each {@code period}; the store hands each due job to one of them. A job whose
 * answer is cached is finished with it; any other is published again to its lane (a copy that meets the original
 * is skipped by the worker, which finds the job finished); one re-driven {@code max-times} already is FAILED.
 */
@ApplicationScoped
public class StaleJobs {

    private static final Logger LOG = Logger.getLogger(StaleJobs.class);
    /** Jobs claimed per look: a backlog is worked off over several looks rather than in one burst. */
    static final int CLAIMS_PER_LOOK = 100;

    private final JobStore store;
    private final SolutionCache cache;
    private final JobQueue queue;
    private final JobMetrics metrics;
    private final ApiConfig.Redrive config;
    private final JsonCodec json;
    private Cancellable looks;
    /** Whether the open jobs an earlier version stored unindexed were indexed since this replica started. */
    private volatile boolean indexed;

    /** The bean's constructor: with two constructors, CDI makes a bean only of a class that marks one. */
    @Inject
    public StaleJobs(JobStore store, SolutionCache cache, JobQueue queue, JobMetrics metrics, ApiConfig config,
                     JsonCodec json) {
        this(store, cache, queue, metrics, config.redrive(), json);
    }

    StaleJobs(JobStore store, SolutionCache cache, JobQueue queue, JobMetrics metrics, ApiConfig.Redrive config,
              JsonCodec json) {
        this.json = json;
        this.store = store;
        this.cache = cache;
        this.queue = queue;
        this.metrics = metrics;
        this.config = config;
    }

    void start(@Observes StartupEvent event) {
        looks = Multi.createFrom().ticks().every(config.period())
                .onItem().transformToUniAndConcatenate(tick -> look()
                        .onFailure().invoke(e -> LOG.debugf("looking for stale jobs failed: %s", e.getMessage()))
                        .onFailure().recoverWithItem(0))
                .subscribe().with(redriven -> { });
    }

    void stop(@Observes ShutdownEvent event) {
        if (looks != null) {
            looks.cancel();
        }
    }

    /**
     * Claims the jobs due now and drives each on; the number claimed. The first look that reaches the store first
     * indexes the open jobs an earlier version stored without indexing them, so that they are found too.
     */
    public Uni<Integer> look() {
        return indexOnce().flatMap(indexed -> store.claimRedrives(CLAIMS_PER_LOOK))
                .flatMap(due -> due.isEmpty() ? Uni.createFrom().item(0)
                        : Uni.join().all(due.stream().map(this::driveOn).toList()).andCollectFailures()
                        .replaceWith(due.size()));
    }

    private Uni<Integer> indexOnce() {
        if (indexed) {
            return Uni.createFrom().item(0);
        }
        return store.indexOpenJobs().invoke(count -> {
            indexed = true;
            if (count > 0) {
                LOG.infof("indexed %d open jobs stored without a re-drive time by an earlier version", count);
            }
        });
    }

    private Uni<Void> driveOn(Redrive redrive) {
        SolveRequest request = redrive.request();
        if (redrive.times() > config.maxTimes()) {
            return finish(SolveOutcome.failed(request.jobId(), ProblemType.REDRIVES_EXHAUSTED.problem(
                            "the job went without a start, progress or outcome " + config.maxTimes()
                                    + " times, each time published again; it is not tried again"),
                    JobService.OUTCOME_PRODUCER), JobMetrics.RedriveRoute.ABANDONED,
                    "abandoned after " + config.maxTimes() + " re-drives");
        }
        return cache.find(request.key()).flatMap(cached -> {
            if (cached != null && cached.serves(request.quality())) {
                return finish(SolveOutcome.done(request.jobId(), cached.toResult(true), JobService.OUTCOME_PRODUCER),
                        JobMetrics.RedriveRoute.CACHE, "finished from the cache after it went quiet");
            }
            return queue.enqueue(json.encoded(request), request.lane()).invoke(() -> {
                log(request.jobId(), "published again after it went quiet (re-drive " + redrive.times() + ")");
                metrics.redriven(JobMetrics.RedriveRoute.QUEUE);
            });
        });
    }

    /** Records the outcome of a quiet job, counted and logged only where no other outcome came first. */
    private Uni<Void> finish(SolveOutcome outcome, JobMetrics.RedriveRoute route, String what) {
        return store.finish(json.encoded(outcome)).invoke(recorded -> recorded.ifPresent(job -> {
            log(outcome.jobId(), what);
            metrics.redriven(route);
            metrics.finished(job.request(), outcome.status());
            metrics.finished(job.client());
        })).replaceWithVoid();
    }

    private static void log(String jobId, String what) {
        MDC.put(JobIds.LOG_KEY, jobId);
        LOG.info(what);
        MDC.remove(JobIds.LOG_KEY);
    }

    /** How long a job of a lane may go without a change before it is re-driven. */
    public static Duration quietLimit(ApiConfig.Redrive config, SolveCost lane) {
        return switch (lane) {
            case QUICK -> config.quickAfter();
            case HEAVY -> config.heavyAfter();
        };
    }
}
