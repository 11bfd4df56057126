package io.npuzzle.api.rest;

import io.npuzzle.api.config.ApiConfig;
import io.npuzzle.api.problem.ProblemException;
import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.model.DefaultBudgets;
import io.npuzzle.core.model.Mode;
import io.npuzzle.core.solve.SolveCost;
import io.npuzzle.protocol.JobIds;
import io.npuzzle.protocol.ProblemType;
import io.npuzzle.protocol.Quality;
import io.npuzzle.protocol.SolveRequest;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Map;
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
    private final Map<SolveCost, Duration> maxSeconds;

    @Inject
    SubmissionValidator(ApiConfig config) {
        this(config.maxRows(), config.maxCols(), Map.of(SolveCost.QUICK, config.maxSeconds().quick(),
                SolveCost.HEAVY, config.maxSeconds().heavy()));
    }

    /**
     * Accepts boards of up to {@code maxRows} by {@code maxCols}, and deadlines of up to {@code maxSeconds} of
     * their lane.
     */
    public SubmissionValidator(int maxRows, int maxCols, Map<SolveCost, Duration> maxSeconds) {
        this.maxRows = maxRows;
        this.maxCols = maxCols;
        this.maxSeconds = Map.copyOf(maxSeconds);
    }

    /** Accepts boards of up to {@code maxRows} by {@code maxCols}, and the default deadlines. */
    public SubmissionValidator(int maxRows, int maxCols) {
        this(maxRows, maxCols, Map.of(SolveCost.QUICK, Duration.parse(DefaultBudgets.QUICK_MAX_TIME),
                SolveCost.HEAVY, Duration.parse(DefaultBudgets.SHARED_SEARCH_MAX_TIME)));
    }

    /**
     * @throws io.npuzzle.core.board.BoardFormatException naming the defect of the board, goal or shape
     * @throws ProblemException for a missing body, an unknown mode (modes are spelled in lower case, exactly as
     *                          the OpenAPI document lists them), a ratio out of range or without bounded mode,
     *                          a board over the limits, or a deadline past its lane's cap
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
        Integer deadline = submission.maxSeconds();
        if (deadline != null) {
            long cap = maxSeconds.get(SolveCost.of(puzzle.shape(), quality.mode())).toSeconds();
            if (deadline < 1 || deadline > cap) {
                throw new ProblemException(ProblemType.INVALID_MAX_SECONDS, "maxSeconds must be from 1 to " + cap
                        + " for this job (its lane's cap)");
            }
        }
        return new SolveRequest(JobIds.next(), puzzle.canonicalKey(), puzzle.start().toString(),
                puzzle.shape().rows(), puzzle.shape().cols(), puzzle.goal().toString(), quality.mode(), Instant.now(),
                quality.ratio(), null, deadline);
    }
}
