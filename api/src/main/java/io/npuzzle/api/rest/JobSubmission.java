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
 * @param ratio with mode {@code bounded} only: how many times the shortest length the answer may be
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
                            Double ratio) {
}
