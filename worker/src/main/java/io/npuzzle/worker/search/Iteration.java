package io.npuzzle.worker.search;

import java.util.List;
import java.util.OptionalInt;

/**
 * The iteration a split search stands at, as kept in Redis, so that another worker can take the search over.
 *
 * @param bound         the iteration's cost bound
 * @param depth         the depth of its frontier
 * @param tasks         how many tasks it was cut into
 * @param nodes         nodes of the iterations before it (and of its frontier)
 * @param startedMillis when the search started, epoch milliseconds: its budget runs from then
 * @param coordinator   the worker that cut it
 * @param roots         its frontier in the order its tasks take it (busiest first by the iteration before), so
 *                      that whoever takes the search over cuts the same tasks; empty for an iteration recorded
 *                      without it, whose tasks take the frontier depth first
 * @param solvedTask    the least index of its tasks that found a solution, once one has: the tasks after it are
 *                      not needed
 */
public record Iteration(int bound, int depth, int tasks, long nodes, long startedMillis, String coordinator,
                        List<String> roots, OptionalInt solvedTask) {

    public Iteration {
        roots = List.copyOf(roots);
    }

    /** An iteration just cut, none of its tasks searched. */
    public Iteration(int bound, int depth, int tasks, long nodes, long startedMillis, String coordinator,
                     List<String> roots) {
        this(bound, depth, tasks, nodes, startedMillis, coordinator, roots, OptionalInt.empty());
    }
}
