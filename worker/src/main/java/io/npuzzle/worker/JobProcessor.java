package io.npuzzle.worker;

import io.npuzzle.core.board.BoardFormatException;
import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.solve.Mode;
import io.npuzzle.protocol.Problem;
import io.npuzzle.protocol.SolveOutcome;
import io.npuzzle.protocol.SolveRequest;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import java.util.function.BooleanSupplier;

/**
 * Turns one solve request into its outcome: skips jobs that are gone or already finished (redeliveries), answers
 * from the cache when it can, and otherwise solves, once per puzzle however many jobs ask for it at once.
 */
@ApplicationScoped
public class JobProcessor {

    private static final Logger LOG = Logger.getLogger(JobProcessor.class);

    private final JobStarts starts;
    private final SingleFlight singleFlight;
    private final PuzzleAnswers answers;
    private final CancelledJobs cancelledJobs;
    private final WorkerMetrics metrics;
    private final String worker;

    JobProcessor(JobStarts starts, SingleFlight singleFlight, PuzzleAnswers answers, CancelledJobs cancelledJobs,
                 WorkerMetrics metrics, WorkerIdentity identity) {
        this.starts = starts;
        this.singleFlight = singleFlight;
        this.answers = answers;
        this.cancelledJobs = cancelledJobs;
        this.metrics = metrics;
        this.worker = identity.id();
    }

    /**
     * The outcome to publish, or null when there is nothing to publish.
     *
     * @throws PoisonRecordException when the request's board or mode is invalid
     */
    public SolveOutcome process(SolveRequest request) {
        metrics.started();
        try {
            SolveOutcome outcome = outcome(request);
            if (outcome != null) {
                metrics.finished(outcome.status());
            }
            return outcome;
        } finally {
            metrics.ended();
        }
    }

    private SolveOutcome outcome(SolveRequest request) {
        Puzzle puzzle;
        Mode mode;
        try {
            puzzle = Puzzle.parse(request.board(), request.rows(), request.cols(), request.goal());
            mode = Mode.parse(request.mode());
        } catch (BoardFormatException e) {
            // The API only queues valid boards: this record did not come from it.
            throw new PoisonRecordException("invalid board: " + e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new PoisonRecordException("invalid mode: " + e.getMessage());
        }
        // The cache key comes from the board itself, never from the message: a wrong key cannot poison the cache.
        String key = puzzle.canonicalKey();
        JobStarts.Start start = starts.start(request.jobId(), key);
        if (start instanceof JobStarts.Skip skip) {
            LOG.debugf("skipped (%s)", skip.reason());
            return null;
        }
        if (start instanceof JobStarts.Exhausted exhausted) {
            LOG.warnf("giving up after %d deliveries", exhausted.deliveries() - 1);
            return SolveOutcome.failed(request.jobId(), Problem.deliveriesExhausted("the job was taken "
                    + (exhausted.deliveries() - 1) + " times by workers that stopped before finishing it (crashed"
                    + " or ran out of memory); it is not tried again"), worker);
        }
        JobStarts.Run run = (JobStarts.Run) start;
        if (run.cached() != null && run.cached().serves(mode)) {
            metrics.cacheLookup(true);
            return SolveOutcome.done(request.jobId(), run.cached().toResult(true), worker);
        }
        BooleanSupplier cancelled = () -> cancelledJobs.isCancelled(request.jobId());
        SingleFlight.Shared<Answer> shared;
        Answer answer;
        do {
            if (cancelled.getAsBoolean()) {
                // Its CANCELLED outcome is recorded already: nothing to publish.
                LOG.info("cancelled");
                return null;
            }
            // A cancelled answer here belongs to another job's search that this one joined: search again.
            shared = singleFlight.run(key + ":" + mode.label(), () -> answers.answer(key, puzzle, mode, cancelled));
            answer = shared.value();
        } while (answer.isCancelled());
        if (answer.solution() == null) {
            metrics.cacheLookup(false);
            LOG.infof("failed: %s", answer.failure().detail());
            return SolveOutcome.failed(request.jobId(), answer.failure(), worker);
        }
        boolean cached = answer.fromCache() || !shared.leader();
        metrics.cacheLookup(cached);
        return SolveOutcome.done(request.jobId(), answer.solution().toResult(cached), worker);
    }
}
