package io.npuzzle.api.jobs;

import io.npuzzle.api.messaging.SolveRequestPublisher;
import io.npuzzle.api.problem.ProblemException;
import io.npuzzle.core.solve.Mode;
import io.npuzzle.protocol.Job;
import io.npuzzle.protocol.JobIds;
import io.npuzzle.protocol.JobStatus;
import io.npuzzle.protocol.SolveOutcome;
import io.npuzzle.protocol.SolveRequest;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;
import org.jboss.logging.MDC;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/** Accepts jobs (answering from the cache when it can) and finds them, waiting for them when asked to. */
@ApplicationScoped
public class JobService {

    private static final Logger LOG = Logger.getLogger(JobService.class);

    /** Marks outcomes that the API answered from the cache without a worker. */
    static final String API_WORKER = "api";

    private final JobStore store;
    private final SolveRequestPublisher publisher;
    private final FinishedJobs finished;
    private final JobMetrics metrics;

    JobService(JobStore store, SolveRequestPublisher publisher, FinishedJobs finished, JobMetrics metrics) {
        this.store = store;
        this.publisher = publisher;
        this.finished = finished;
        this.metrics = metrics;
    }

    /** A job just accepted, and whether it is already answered. */
    public record Accepted(Job job, boolean answered) {
    }

    /** Accepts a validated request: DONE at once on a cache hit, else queued for the workers. */
    public Uni<Accepted> accept(SolveRequest request) {
        // Request-scoped on the Vert.x context: every log line of this request names the job.
        MDC.put(JobIds.LOG_KEY, request.jobId());
        Mode mode = Mode.parse(request.mode());
        return store.cachedSolution(request.key()).flatMap(cached -> {
            if (cached != null && cached.serves(mode)) {
                SolveOutcome outcome = SolveOutcome.done(request.jobId(), cached.toResult(true), API_WORKER);
                return store.create(request, outcome).invoke(() -> metrics.submitted(true))
                        .replaceWith(new Accepted(Job.of(request, false, outcome), true));
            }
            return store.create(request, null)
                    .chain(() -> publisher.publish(request)
                            .onFailure().transform(e -> ProblemException.unavailable("the job queue is unavailable")))
                    .invoke(() -> metrics.submitted(false))
                    .replaceWith(new Accepted(Job.of(request, false, null), false));
        });
    }

    /** Cancels a job that has not finished. */
    public Uni<JobStore.Cancel> cancel(String jobId) {
        return store.cancel(jobId).invoke(cancel -> {
            if (cancel == JobStore.Cancel.CANCELLED) {
                MDC.put(JobIds.LOG_KEY, jobId);
                LOG.info("cancelled");
                metrics.finished(JobStatus.CANCELLED);
            }
        });
    }

    /** The job, or null when unknown; with {@code wait} > 0 it waits that long for an unfinished job to finish. */
    public Uni<Job> find(String jobId, Duration wait) {
        if (wait.isZero()) {
            return store.find(jobId);
        }
        // Watch before reading, so that a job finishing between the read and the wait still wakes us.
        CompletableFuture<Void> waiter = finished.watch(jobId);
        return store.find(jobId).flatMap(job -> job == null || job.status().isFinished()
                        ? Uni.createFrom().item(job)
                        : Uni.createFrom().completionStage(waiter)
                        .ifNoItem().after(wait).recoverWithItem((Void) null)
                        .chain(() -> store.find(jobId)))
                .eventually(() -> finished.forget(jobId, waiter));
    }
}
