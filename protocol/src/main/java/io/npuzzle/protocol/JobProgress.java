package io.npuzzle.protocol;

import io.npuzzle.core.solve.SearchProgress;

/**
 * Where the search of a RUNNING job stands, as the worker last reported it (about once a second, for searches
 * long enough to report).
 *
 * @param bound         the cost bound of the current iteration (IDA*), or the largest f expanded so far (A*)
 * @param nodes         nodes expanded so far
 * @param elapsedMillis time since the search began
 */
public record JobProgress(int bound, long nodes, long elapsedMillis) {

    public static JobProgress of(SearchProgress progress) {
        return new JobProgress(progress.bound(), progress.nodes(), progress.elapsedMillis());
    }
}
