package io.npuzzle.protocol;

import io.npuzzle.core.model.Mode;
import io.npuzzle.core.model.SolveResult;

/**
 * A solution as kept in the cache under the puzzle's canonical key. Only definite answers are cached: a
 * solution, or a proof of unsolvability.
 *
 * @param bound      the proven factor by which the moves may exceed the shortest length: 1 when optimal, null when
 *                   nothing is proven (and absent from entries cached before answers carried a bound)
 * @param lowerBound the least length of any answer, as proven by the search; null when nothing is proven
 * @param fastMillis the time a fast answer not proven shortest was given, which longer fast requests would
 *                   improve on; null for other answers (and for entries cached before fast answers recorded it)
 */
public record CachedSolution(boolean solvable, String moves, boolean optimal, double solveMillis, long expanded,
                             Double bound, Integer lowerBound, Long fastMillis) {

    public CachedSolution {
        if (optimal && solvable) {
            bound = 1.0;
            lowerBound = moves.length();
        }
    }

    /** A solution that is not a fast answer. */
    public CachedSolution(boolean solvable, String moves, boolean optimal, double solveMillis, long expanded,
                          Double bound, Integer lowerBound) {
        this(solvable, moves, optimal, solveMillis, expanded, bound, lowerBound, null);
    }

    /** A solution with a bound and no lower bound proven. */
    public CachedSolution(boolean solvable, String moves, boolean optimal, double solveMillis, long expanded,
                          Double bound) {
        this(solvable, moves, optimal, solveMillis, expanded, bound, null);
    }

    /** A solution whose bound follows from {@code optimal}: 1, or nothing proven. */
    public CachedSolution(boolean solvable, String moves, boolean optimal, double solveMillis, long expanded) {
        this(solvable, moves, optimal, solveMillis, expanded, null, null);
    }

    /**
     * The cacheable part of a solver answer to a request of {@code quality}; the caller has checked that it is
     * SOLVED or UNSOLVABLE.
     */
    public static CachedSolution of(SolveResult result, Quality quality) {
        boolean improvable = result.solvable() && !result.optimal() && quality.mode() == Mode.FAST;
        return new CachedSolution(result.solvable(), result.moves(), result.optimal(), result.millis(),
                result.expanded(), result.bound(),
                result.lowerBound().isPresent() ? result.lowerBound().getAsInt() : null,
                improvable ? quality.fastTime().toMillis() : null);
    }

    /**
     * Whether this entry may answer a request of the given quality: a proof of unsolvability serves every request,
     * an answer serves those its guarantee satisfies (an optimal one every request, a bounded one bounded requests
     * with at least its ratio and fast ones, a merely fast one only fast requests), and a fast answer not proven
     * shortest only fast requests that give it no more time than it had.
     */
    public boolean serves(Quality quality) {
        return !solvable || quality.acceptsBound(bound) && quality.acceptsFastAnswerGiven(fastMillis);
    }

    /**
     * How good this entry is, for choosing between two answers: the proven factor over the shortest length (1 for
     * an unsolvability proof), null when it proves nothing.
     */
    public Double guarantee() {
        return solvable ? bound : Double.valueOf(1.0);
    }

    public JobResult toResult(boolean cached) {
        return new JobResult(solvable, moves, moves == null ? null : moves.length(), optimal, cached,
                solveMillis, expanded, bound, lowerBound);
    }
}
