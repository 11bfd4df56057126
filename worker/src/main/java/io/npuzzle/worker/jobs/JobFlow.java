package io.npuzzle.worker.jobs;

import io.npuzzle.core.board.Puzzle;
import io.npuzzle.protocol.CachedSolution;
import io.npuzzle.protocol.ClientLabel;
import io.npuzzle.protocol.Problem;
import io.npuzzle.protocol.ProblemType;
import io.npuzzle.protocol.Quality;
import io.npuzzle.protocol.SolveOutcome;
import io.npuzzle.protocol.SolveRequest;
import io.npuzzle.runtime.traces.JobAttributes;
import io.npuzzle.worker.lifecycle.WorkerIdentity;
import io.npuzzle.worker.metrics.JobMetrics;
import io.npuzzle.worker.solve.Answer;
import io.npuzzle.worker.solve.Asker;
import io.npuzzle.worker.solve.CacheAndLockAnswers;
import io.npuzzle.worker.solve.SolutionSource;
import io.opentelemetry.api.trace.Span;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.jboss.logging.Logger;

import java.util.Locale;
import java.util.function.Supplier;

/**
 * Turns one solve request into what became of it: skips jobs that are gone or already finished (redeliveries),
 * gives up on jobs delivered too often, fails jobs whose request is invalid, answers from the cache when it can,
 * and otherwise asks for a solution, its search's progress recorded for the job's clients.
 */
@ApplicationScoped
public class JobFlow {

    private static final Logger LOG = Logger.getLogger(JobFlow.class);

    private final JobStartStore starts;
    private final SolutionSource solutions;
    private final Cancellations cancellations;
    private final ProgressReports progress;
    private final JobMetrics metrics;
    private final String workerId;

    @Inject
    JobFlow(JobStartStore starts, SolutionSource solutions, Cancellations cancellations, ProgressReports progress,
            JobMetrics metrics, WorkerIdentity identity) {
        this(starts, solutions, cancellations, progress, metrics, identity.id());
    }

    /** @param workerId the name this worker signs its outcomes with */
    public JobFlow(JobStartStore starts, SolutionSource solutions, Cancellations cancellations,
                   ProgressReports progress, JobMetrics metrics, String workerId) {
        this.starts = starts;
        this.solutions = solutions;
        this.cancellations = cancellations;
        this.progress = progress;
        this.metrics = metrics;
        this.workerId = workerId;
    }

    public Handled handle(SolveRequest request) {
        return measured(() -> run(request));
    }

    /**
     * A record for {@code jobId} that is no workable request: the job, if it waits for an outcome, ends FAILED
     * with the reason (it would wait forever otherwise); else the record is refused.
     */
    public Handled handleInvalid(String jobId, String reason) {
        return measured(() -> invalid(jobId, reason));
    }

    private Handled measured(Supplier<Handled> work) {
        metrics.started();
        try {
            Handled handled = work.get();
            // A cancelled job's outcome is CANCELLED, recorded by the API at once: what this worker publishes for
            // it loses and is never recorded, so counting it would make the worker's metrics disagree with the API's.
            handled.toPublish().filter(outcome -> !cancellations.isCancelled(outcome.jobId()))
                    .ifPresent(outcome -> metrics.finished(outcome.status()));
            return handled;
        } finally {
            metrics.ended();
        }
    }

    private Handled run(SolveRequest request) {
        Puzzle puzzle;
        try {
            puzzle = Puzzle.parse(request.board(), request.rows(), request.cols(), request.goal());
        } catch (IllegalArgumentException e) {
            // The API only queues valid boards: this record did not come from it.
            return invalid(request.jobId(), "invalid board: " + e.getMessage());
        }
        // The cache key comes from the board itself, never from the message: a wrong key cannot poison the cache.
        String key = puzzle.canonicalKey();
        JobStart start = starts.start(request.jobId(), request.lane());
        if (start instanceof JobStart.Skip skip) {
            String why = skip.verdict().name().toLowerCase(Locale.ROOT);
            LOG.debugf("skipped (%s)", why);
            return new Handled.Skip(why);
        }
        if (start instanceof JobStart.Exhausted exhausted) {
            LOG.warnf("giving up after %d deliveries", exhausted.deliveries() - 1);
            return failed(request.jobId(), ProblemType.DELIVERIES_EXHAUSTED.problem("the job was taken "
                    + (exhausted.deliveries() - 1) + " times by workers that stopped before finishing it (crashed"
                    + " or ran out of memory); it is not tried again"));
        }
        metrics.startedFor(ClientLabel.of(request.owner()), request.lane());
        Quality quality = request.quality();
        Answer answer = solutions.answer(key, puzzle, quality, Asker.of(request,
                () -> cancellations.isCancelled(request.jobId()), progress.forJob(request.jobId())));
        if (answer instanceof Answer.Cancelled) {
            // Its CANCELLED outcome is recorded already: nothing to publish.
            LOG.info("cancelled");
            return new Handled.Skip("cancelled");
        }
        boolean lookedUp = !CacheAndLockAnswers.skipsTheCache(puzzle);
        if (answer instanceof Answer.Failed failed) {
            if (lookedUp) {
                cacheLookup(false);
            }
            LOG.infof("failed: %s", failed.problem().detail());
            return failed(request.jobId(), failed.problem());
        }
        Answer.Found found = (Answer.Found) answer;
        if (lookedUp) {
            cacheLookup(found.fromCache());
        }
        return done(request, found.solution(), found.fromCache());
    }

    /** Counted, and told to the job's handling span. */
    private void cacheLookup(boolean hit) {
        metrics.cacheLookup(hit);
        Span.current().setAttribute(JobAttributes.CACHE_HIT, hit);
    }

    private Handled invalid(String jobId, String reason) {
        if (!starts.awaitsOutcome(jobId)) {
            return new Handled.Refuse(reason);
        }
        LOG.warnf("failed: the request is invalid (%s)", reason);
        return failed(jobId, ProblemType.INVALID_REQUEST.problem("the solve request for this job is invalid: "
                + reason));
    }

    private Handled done(SolveRequest request, CachedSolution solution, boolean cached) {
        return new Handled.Publish(SolveOutcome.done(request.jobId(), solution.toResult(cached), workerId));
    }

    private Handled failed(String jobId, Problem problem) {
        return new Handled.Publish(SolveOutcome.failed(jobId, problem, workerId));
    }
}
