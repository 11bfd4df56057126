package io.npuzzle.api.rest;

import io.npuzzle.api.config.ApiConfig;
import io.npuzzle.api.problem.ProblemException;
import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.model.Mode;
import io.npuzzle.protocol.JobIds;
import io.npuzzle.protocol.ProblemType;
import io.npuzzle.protocol.Quality;
import io.npuzzle.protocol.SolveRequest;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Instant;
import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Validates a submission with the core parser and the service's board limits, and turns it into a normalised
 * solve request with a fresh id.
 */
@ApplicationScoped
public class SubmissionValidator {

    /** The modes as the OpenAPI document spells them: a submission's mode is one of these exactly. */
    static final Set<String> MODES = Arrays.stream(Mode.values()).map(Mode::label)
            .collect(Collectors.toUnmodifiableSet());

    private final int maxRows;
    private final int maxCols;

    @Inject
    SubmissionValidator(ApiConfig config) {
        this(config.maxRows(), config.maxCols());
    }

    /** Accepts boards of up to {@code maxRows} by {@code maxCols}. */
    public SubmissionValidator(int maxRows, int maxCols) {
        this.maxRows = maxRows;
        this.maxCols = maxCols;
    }

    /**
     * @throws io.npuzzle.core.board.BoardFormatException naming the defect of the board, goal or shape
     * @throws ProblemException for a missing body, an unknown mode (modes are spelled in lower case, exactly as
     *                          the OpenAPI document lists them), a ratio out of range or without bounded mode,
     *                          or a board over the limits
     */
    public SolveRequest validate(JobSubmission submission) {
        if (submission == null) {
            throw new ProblemException(ProblemType.MALFORMED_REQUEST, "send a JSON object with at least a board");
        }
        if (submission.mode() != null && !MODES.contains(submission.mode())) {
            throw new ProblemException(ProblemType.INVALID_MODE,
                    "unknown mode (expected optimal, bounded or fast, in lower case)");
        }
        Mode mode = Mode.parse(submission.mode());
        Quality quality;
        try {
            quality = new Quality(mode, submission.ratio());
        } catch (IllegalArgumentException e) {
            throw new ProblemException(ProblemType.INVALID_RATIO, e.getMessage());
        }
        Puzzle puzzle = Puzzle.parse(submission.board(), submission.rows(), submission.cols(), submission.goal());
        if (puzzle.shape().rows() > maxRows || puzzle.shape().cols() > maxCols) {
            throw new ProblemException(ProblemType.INVALID_BOARD,
                    "this service accepts boards of up to " + maxRows + " rows and " + maxCols + " columns");
        }
        return new SolveRequest(JobIds.next(), puzzle.canonicalKey(), puzzle.start().toString(),
                puzzle.shape().rows(), puzzle.shape().cols(), puzzle.goal().toString(), quality.mode(), Instant.now(),
                quality.ratio());
    }
}
