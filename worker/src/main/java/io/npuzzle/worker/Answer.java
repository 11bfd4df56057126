package io.npuzzle.worker;

import io.npuzzle.protocol.CachedSolution;
import io.npuzzle.protocol.Problem;

/**
 * What the worker found for a puzzle: a definite solution (from the cache or a fresh solve), or the reason there
 * is none.
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
}
