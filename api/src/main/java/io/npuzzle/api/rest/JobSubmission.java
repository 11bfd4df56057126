package io.npuzzle.api.rest;

/**
 * The body of {@code POST /api/v1/jobs}.
 *
 * @param board the start: tiles separated by spaces or commas, blank as x, X, 0 or _ (3x3 also as nine characters)
 * @param rows  may be left out for square boards
 * @param cols  may be left out for square boards
 * @param goal  optional; tiles 1..N-1 row by row with the blank last when left out
 * @param mode  {@code optimal} (the default) or {@code fast}
 */
public record JobSubmission(String board, Integer rows, Integer cols, String goal, String mode) {
}
