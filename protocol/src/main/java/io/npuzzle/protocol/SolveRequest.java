package io.npuzzle.protocol;

import io.npuzzle.core.board.Shape;
import io.npuzzle.core.model.Mode;
import io.npuzzle.core.solve.SolveCost;

import java.time.Instant;

/**
 * A job as accepted by the API, with its board already validated and normalised: the payload of the requests
 * topic and the immutable part of a job's state in Redis.
 *
 * @param jobId       the job's random id, also the correlation id of the messages about it
 * @param key         the canonical key of the puzzle ({@link io.npuzzle.core.board.Puzzle#canonicalKey()}):
 *                    the record key, so identical boards meet on one worker, and the cache key
 * @param board       the start, tiles separated by spaces, 0 for the blank
 * @param rows        board rows
 * @param cols        board columns
 * @param goal        the goal in the same form as the board
 * @param mode        what the client asked for ({@code optimal}, {@code bounded} or {@code fast} on the wire)
 * @param submittedAt when the API accepted the job
 * @param ratio       for {@code bounded}: how many times the shortest length the answer may be; null otherwise
 *                    (and absent from records written before bounded mode)
 * @param owner       the name of the API key that submitted the job, which alone may see and cancel it; null when
 *                    the API takes no keys
 * @param maxSeconds  the client's deadline for the answer, in place of the lane's time budget; null for the lane's
 * @param traceparent the span of the job's submission as a W3C traceparent, which later work for the job joins; null
 *                    where traces are off (and absent from records written before traces)
 */
public record SolveRequest(String jobId, String key, String board, int rows, int cols, String goal, Mode mode,
                           Instant submittedAt, Double ratio, String owner, Integer maxSeconds, String traceparent) {

    private static final int TRACEPARENT_LENGTH = 55;

    /** @throws IllegalArgumentException for a ratio out of range, or one with another mode than bounded */
    public SolveRequest {
        Quality quality = new Quality(mode, ratio, maxSeconds);
        mode = quality.mode();
        ratio = quality.ratio();
    }

    /** A request whose submission was not traced. */
    public SolveRequest(String jobId, String key, String board, int rows, int cols, String goal, Mode mode,
                        Instant submittedAt, Double ratio, String owner, Integer maxSeconds) {
        this(jobId, key, board, rows, cols, goal, mode, submittedAt, ratio, owner, maxSeconds, null);
    }

    /** A request within its lane's time budget. */
    public SolveRequest(String jobId, String key, String board, int rows, int cols, String goal, Mode mode,
                        Instant submittedAt, Double ratio, String owner) {
        this(jobId, key, board, rows, cols, goal, mode, submittedAt, ratio, owner, null);
    }

    /** A request of no API key's client. */
    public SolveRequest(String jobId, String key, String board, int rows, int cols, String goal, Mode mode,
                        Instant submittedAt, Double ratio) {
        this(jobId, key, board, rows, cols, goal, mode, submittedAt, ratio, null);
    }

    /** A request of no API key's client, in a mode that takes no ratio. */
    public SolveRequest(String jobId, String key, String board, int rows, int cols, String goal, Mode mode,
                        Instant submittedAt) {
        this(jobId, key, board, rows, cols, goal, mode, submittedAt, null, null);
    }

    /** The same request, submitted with the API key named {@code keyName} (null: none). */
    public SolveRequest ownedBy(String keyName) {
        return new SolveRequest(jobId, key, board, rows, cols, goal, mode, submittedAt, ratio, keyName, maxSeconds,
                traceparent);
    }

    /** The same request, submitted in the span {@code traceparent} names (null: none). */
    public SolveRequest tracedBy(String traceparent) {
        return new SolveRequest(jobId, key, board, rows, cols, goal, mode, submittedAt, ratio, owner, maxSeconds,
                traceparent);
    }

    /**
     * The id of the job's trace, for its clients: null where the submission was not traced, or its trace not
     * sampled (no span of it is kept).
     */
    public String traceId() {
        // version "-" trace id "-" span id "-" flags, whose lowest bit says sampled.
        boolean sampled = traceparent != null && traceparent.length() == TRACEPARENT_LENGTH
                && (Character.digit(traceparent.charAt(TRACEPARENT_LENGTH - 1), 16) & 1) == 1;
        return sampled ? traceparent.substring(3, 35) : null;
    }

    public Quality quality() {
        return new Quality(mode, ratio, maxSeconds);
    }

    /** The lane the job travels in: its board's shape and mode decide it. */
    public SolveCost lane() {
        return SolveCost.of(Shape.of(rows, cols), mode);
    }
}
