package io.npuzzle.protocol;

import io.npuzzle.core.solve.Mode;

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
 * @param mode        what the client asked for ({@code optimal} or {@code fast} on the wire)
 * @param submittedAt when the API accepted the job
 */
public record SolveRequest(String jobId, String key, String board, int rows, int cols, String goal, Mode mode,
                           Instant submittedAt) {

    public SolveRequest {
        if (mode == null) {
            mode = Mode.OPTIMAL;
        }
    }
}
