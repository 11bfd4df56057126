package io.npuzzle.worker.search;

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
 * @param solvedTask    the least index of its tasks that found a solution, once one has: the tasks after it are
 *                      not needed
 */
public record Iteration(int bound, int depth, int tasks, long nodes, long startedMillis, String coordinator,
                        OptionalInt solvedTask) {

    /** An iteration just cut, none of its tasks searched. */
    public Iteration(int bound, int depth, int tasks, long nodes, long startedMillis, String coordinator) {
        this(bound, depth, tasks, nodes, startedMillis, coordinator, OptionalInt.empty());
    }
}
