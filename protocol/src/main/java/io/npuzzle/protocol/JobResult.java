package io.npuzzle.protocol;

/**
 * The answer carried by a DONE job.
 *
 * @param solvable    false when parity proves that no moves reach the goal
 * @param moves       the move letters (the direction the blank travels), null when unsolvable
 * @param length      the number of moves, null when unsolvable
 * @param optimal     true only when the length is proven shortest
 * @param cached      true when the answer came from the cache or from a solve that another job started
 * @param solveMillis how long the solve that found the answer took
 * @param expanded    search nodes that solve expanded
 * @param bound       the proven factor by which the length may exceed the shortest: 1 when optimal, the ratio of
 *                    a bounded answer, length / lowerBound for the best answer of a search that reached its
 *                    deadline and for a fast answer; null when nothing is proven (unsolvable boards)
 * @param lowerBound  the least length of any answer, as proven: the length when optimal, what the search proved
 *                    by its deadline, the start's estimate for a fast answer (its databases' where they are in
 *                    memory, else Manhattan distance plus linear conflicts); null when nothing is proven
 */
public record JobResult(boolean solvable, String moves, Integer length, boolean optimal, boolean cached,
                        double solveMillis, long expanded, Double bound, Integer lowerBound) {

    public JobResult {
        // Results recorded before answers carried a bound: an optimal one has bound 1.
        if (optimal && solvable) {
            bound = 1.0;
            lowerBound = length;
        }
    }
}
