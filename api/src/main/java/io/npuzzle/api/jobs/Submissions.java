package io.npuzzle.api.jobs;

import io.npuzzle.api.ApiConfig;
import io.npuzzle.api.problem.ProblemException;
import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.solve.Mode;
import io.npuzzle.protocol.JobIds;
import io.npuzzle.protocol.Problem;
import io.npuzzle.protocol.SolveRequest;

import java.time.Instant;

/** Validates a submission with the core parser and turns it into a normalised solve request with a fresh id. */
final class Submissions {

    private Submissions() {
    }

    /**
     * @throws io.npuzzle.core.board.BoardFormatException naming the defect of the board, goal or shape
     * @throws ProblemException for a missing body or an unknown mode
     */
    static SolveRequest accept(JobSubmission submission, ApiConfig config) {
        if (submission == null) {
            throw ProblemException.badRequest("malformed-request", "Malformed request",
                    "send a JSON object with at least a board");
        }
        Mode mode;
        try {
            mode = Mode.parse(submission.mode());
        } catch (IllegalArgumentException e) {
            throw ProblemException.badRequest("invalid-mode", "Invalid mode", e.getMessage());
        }
        Puzzle puzzle = Puzzle.parse(submission.board(), submission.rows(), submission.cols(), submission.goal());
        if (puzzle.shape().rows() > config.maxRows() || puzzle.shape().cols() > config.maxCols()) {
            throw new ProblemException(Problem.invalidBoard("this service accepts boards of up to "
                    + config.maxRows() + " rows and " + config.maxCols() + " columns"));
        }
        return new SolveRequest(JobIds.next(), puzzle.canonicalKey(), puzzle.start().toString(),
                puzzle.shape().rows(), puzzle.shape().cols(), puzzle.goal().toString(), mode.label(), Instant.now());
    }
}
