package io.npuzzle.core.solve;

/**
 * Where a long search stands, reported about once a second (see {@link SolveOptions#progress()}).
 *
 * @param bound         the cost bound of the current iteration (IDA*), or the largest f expanded so far (A*)
 * @param nodes         nodes expanded so far
 * @param elapsedMillis time since the solve began
 */
public record SearchProgress(int bound, long nodes, long elapsedMillis) {
}
