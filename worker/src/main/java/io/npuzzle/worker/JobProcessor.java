package io.npuzzle.worker;

import io.npuzzle.core.board.BoardFormatException;
import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.solve.Mode;
import io.npuzzle.protocol.Problem;
import io.npuzzle.protocol.SolveOutcome;
import io.npuzzle.protocol.SolveRequest;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

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
    private final String worker;

    JobProcessor(JobStarts starts, SingleFlight singleFlight, PuzzleAnswers answers, WorkerIdentity identity) {
        this.starts = starts;
        this.singleFlight = singleFlight;
        this.answers = answers;
        this.worker = identity.id();
    }

    /** The outcome to publish, or null when there is nothing to publish. */
    public SolveOutcome process(SolveRequest request) {
        JobStarts.Start start = starts.start(request);
        if (start instanceof JobStarts.Skip skip) {
            LOG.debugf("job %s: skipped (%s)", request.jobId(), skip.reason());
            return null;
        }
        Mode mode = Mode.parse(request.mode());
        JobStarts.Run run = (JobStarts.Run) start;
        if (run.cached() != null && run.cached().serves(mode)) {
            return SolveOutcome.done(request.jobId(), run.cached().toResult(true), worker);
        }
        try {
            Puzzle puzzle = Puzzle.parse(request.board(), request.rows(), request.cols(), request.goal());
            SingleFlight.Shared<Answer> shared =
                    singleFlight.run(request.key() + ":" + mode.label(), () -> answers.answer(request.key(), puzzle, mode));
            Answer answer = shared.value();
            if (answer.solution() == null) {
                LOG.infof("job %s: failed: %s", request.jobId(), answer.failure().detail());
                return SolveOutcome.failed(request.jobId(), answer.failure(), worker);
            }
            boolean cached = answer.fromCache() || !shared.leader();
            return SolveOutcome.done(request.jobId(), answer.solution().toResult(cached), worker);
        } catch (BoardFormatException e) {
            return SolveOutcome.failed(request.jobId(), Problem.invalidBoard(e.getMessage()), worker);
        }
    }
}
