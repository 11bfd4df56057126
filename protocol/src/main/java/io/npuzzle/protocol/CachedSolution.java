package io.npuzzle.protocol;

import io.npuzzle.core.solve.Mode;
import io.npuzzle.core.solve.SolveResult;

/**
 * A solution as kept in the cache under the puzzle's canonical key. Only definite answers are cached: a
 * solution, or a proof of unsolvability.
 */
public record CachedSolution(boolean solvable, String moves, boolean optimal, double solveMillis, long expanded) {

    /** The cacheable part of a solver answer; the caller has checked that it is SOLVED or UNSOLVABLE. */
    public static CachedSolution of(SolveResult result) {
        return new CachedSolution(result.solvable(), result.moves(), result.optimal(), result.millis(),
                result.expanded());
    }

    /**
     * Whether this entry may answer a request in the given mode: an optimal answer (or an unsolvability proof)
     * serves every mode, a merely fast answer never serves an optimal request.
     */
    public boolean serves(Mode mode) {
        return !solvable || optimal || mode == Mode.FAST;
    }

    public JobResult toResult(boolean cached) {
        return new JobResult(solvable, moves, moves == null ? null : moves.length(), optimal, cached,
                solveMillis, expanded);
    }
}
