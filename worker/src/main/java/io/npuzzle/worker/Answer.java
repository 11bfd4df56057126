package io.npuzzle.worker;

import io.npuzzle.protocol.CachedSolution;
import io.npuzzle.protocol.Problem;

/**
 * What the worker found for a puzzle: a definite solution (from the cache or a fresh solve), the reason there
 * is none, or neither when the job it was searched for was cancelled.
 */
public record Answer(CachedSolution solution, boolean fromCache, Problem failure) {

    public static Answer cached(CachedSolution solution) {
        return new Answer(solution, true, null);
    }

    public static Answer solved(CachedSolution solution) {
        return new Answer(solution, false, null);
    }

    public static Answer failed(Problem failure) {
        return new Answer(null, false, failure);
    }

    public static Answer cancelled() {
        return new Answer(null, false, null);
    }

    public boolean isCancelled() {
        return solution == null && failure == null;
    }
}
