package io.npuzzle.protocol;

import java.util.List;

/**
 * A piece of one iteration of a split optimal search, on the tasks topic: the subtrees below {@code roots}, to be
 * searched within {@code bound} ({@link io.npuzzle.core.search.SubtreeSearch}). Self-contained, so any worker can
 * take it: the puzzle travels with it.
 *
 * @param searchId the search it belongs to ({@link SearchIds})
 * @param board    the start, as in {@link SolveRequest#board()}
 * @param rows     board rows
 * @param cols     board columns
 * @param goal     the goal in the same form
 * @param bound    the iteration's cost bound
 * @param index    the task's place in the iteration, from 0: the first solution in this order is the answer
 * @param roots    the frontier nodes to search below, each as the moves from the start, in frontier order
 */
public record SearchTask(String searchId, String board, int rows, int cols, String goal, int bound, int index,
                         List<String> roots) {

    public SearchTask {
        roots = List.copyOf(roots);
    }

    /** The record key: every task its own, so that the tasks of one iteration spread over the partitions. */
    public String recordKey() {
        return searchId + "/" + bound + "/" + index;
    }
}
