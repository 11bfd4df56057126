package io.npuzzle.api.rest;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The body of {@code POST /api/v1/jobs}, and each entry of a batch. Read strictly ({@link StrictJson}): a field
 * not named here, a field given twice, a value of another JSON type or a mode spelled otherwise is refused.
 *
 * @param board the start: tiles separated by spaces or commas, blank as x, X, 0 or _ (3x3 also as nine characters)
 * @param rows  may be left out for square boards
 * @param cols  may be left out for square boards
 * @param goal  optional; tiles 1..N-1 row by row with the blank last when left out
 * @param mode  {@code optimal} (the default), {@code bounded} or {@code fast}
 * @param ratio      with mode {@code bounded} only: how many times the shortest length the answer may be
 * @param maxSeconds the deadline of the answer, in place of the service's time budget
 */
@Schema(additionalProperties = Schema.False.class)
public record JobSubmission(String board, Integer rows, Integer cols, String goal,
                            @Schema(enumeration = {"optimal", "bounded", "fast"}, defaultValue = "optimal",
                                    description = "How good the answer must be: optimal (shortest), bounded (at"
                                            + " most ratio times the shortest) or fast (any solution).")
                            String mode,
                            @Schema(description = "With mode bounded only: the answer is at most this many times the"
                                    + " shortest length (above 1, at most 3; default 1.25). The job's result says"
                                    + " which bound it guarantees (bound: 1 when optimal).", minimum = "1",
                                    exclusiveMinimum = true, maximum = "3", example = "1.25")
                            Double ratio,
                            @Schema(description = "How long the client will wait for the answer, in seconds (1 up to"
                                    + " the service's cap for the job's lane: npuzzle.api.max-seconds). An optimal"
                                    + " job that reaches it ends DONE with the best answer found, optimal false,"
                                    + " its lowerBound and the bound it is proven within; a bounded one ends"
                                    + " budget-exceeded unless its ratio is proven.", minimum = "1", example = "30")
                            Integer maxSeconds) {

    /** A submission within the service's time budget. */
    public JobSubmission(String board, Integer rows, Integer cols, String goal, String mode, Double ratio) {
        this(board, rows, cols, goal, mode, ratio, null);
    }
}
