package io.npuzzle.protocol;

import java.util.List;

/**
 * What one {@link SearchTask} found, on the task results topic (keyed by search) and in the search's results hash
 * in Redis, where the first copy of each task's result stands.
 *
 * @param searchId      the search
 * @param bound         the iteration's bound
 * @param index         the task's place in the iteration
 * @param solution      the first solution below its roots, or null
 * @param leastExceeded the least f above the bound met below its roots; null when none (or when solved)
 * @param nodes         nodes the task expanded
 * @param rootNodes      per root of the task, in its order, the nodes its subtree took; empty when not counted (a
 *                       result written before they were)
 * @param rootApproaches per root of the task, in its order, how near its subtree came to a solution beyond the
 *                       bound (the least f it met above the bound in the high 32 bits, the least estimate of a node
 *                       pruned with that f in the low ones; {@code Long.MAX_VALUE} when it met none): the next
 *                       iteration searches the nearest subtrees first, then the busiest; empty when not counted
 * @param workerId       the worker that searched it
 */
public record SearchTaskResult(String searchId, int bound, int index, String solution, Integer leastExceeded,
                               long nodes, List<Long> rootNodes, List<Long> rootApproaches, String workerId) {

    public SearchTaskResult {
        rootNodes = rootNodes == null ? List.of() : List.copyOf(rootNodes);
        rootApproaches = rootApproaches == null ? List.of() : List.copyOf(rootApproaches);
    }

    public boolean solved() {
        return solution != null;
    }
}
