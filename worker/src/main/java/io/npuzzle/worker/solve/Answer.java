package io.npuzzle.worker.solve;

import io.npuzzle.protocol.CachedSolution;
import io.npuzzle.protocol.Problem;

/** What the worker found for a puzzle. */
public sealed interface Answer {

    /**
     * A definite answer: moves, or a proof that there are none.
     *
     * @param fromCache whether it was found in the cache (or in another job's search) rather than searched for
     */
    record Found(CachedSolution solution, boolean fromCache) implements Answer {
    }

    /** No answer, and why: the search ran out of budget or the solver failed. */
    record Failed(Problem problem) implements Answer {
    }

    /** The search stopped because the job it ran for was cancelled. */
    record Cancelled() implements Answer {
    }
}
