package io.npuzzle.api.jobs;

import io.npuzzle.api.messaging.SolveRequestPublisher;
import io.npuzzle.api.problem.ProblemException;
import io.npuzzle.core.solve.Mode;
import io.npuzzle.protocol.Job;
import io.npuzzle.protocol.SolveOutcome;
import io.npuzzle.protocol.SolveRequest;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/** Accepts jobs (answering from the cache when it can) and finds them, waiting for them when asked to. */
@ApplicationScoped
public class JobService {

    /** Marks outcomes that the API answered from the cache without a worker. */
    static final String API_WORKER = "api";

    private final JobStore store;
    private final SolveRequestPublisher publisher;
    private final FinishedJobs finished;

    JobService(JobStore store, SolveRequestPublisher publisher, FinishedJobs finished) {
        this.store = store;
        this.publisher = publisher;
        this.finished = finished;
    }

    /** A job just accepted, and whether it is already answered. */
    public record Accepted(Job job, boolean answered) {
    }

    /** Accepts a validated request: DONE at once on a cache hit, else queued for the workers. */
    public Uni<Accepted> accept(SolveRequest request) {
        Mode mode = Mode.parse(request.mode());
        return store.cachedSolution(request.key()).flatMap(cached -> {
            if (cached != null && cached.serves(mode)) {
                SolveOutcome outcome = SolveOutcome.done(request.jobId(), cached.toResult(true), API_WORKER);
                return store.create(request, outcome).replaceWith(new Accepted(Job.of(request, false, outcome), true));
            }
            return store.create(request, null)
                    .chain(() -> publisher.publish(request)
                            .onFailure().transform(e -> ProblemException.unavailable("the job queue is unavailable")))
                    .replaceWith(new Accepted(Job.of(request, false, null), false));
        });
    }

    /** The job, or null when unknown; with {@code wait} > 0 it waits that long for an unfinished job to finish. */
    public Uni<Job> find(String jobId, Duration wait) {
        return store.find(jobId).flatMap(job -> {
            if (job == null || job.status().isFinished() || wait.isZero()) {
                return Uni.createFrom().item(job);
            }
            CompletableFuture<Void> waiter = finished.watch(jobId);
            // Read again after watching: the job may have finished between the first read and the watch.
            return store.find(jobId).flatMap(again -> again == null || again.status().isFinished()
                    ? Uni.createFrom().item(again)
                    : Uni.createFrom().completionStage(waiter)
                    .ifNoItem().after(wait).recoverWithItem((Void) null)
                    .chain(() -> store.find(jobId)))
                    .eventually(() -> finished.forget(jobId, waiter));
        });
    }
}
