package io.npuzzle.core.search;

import java.util.List;

/**
 * What the search of some subtrees of one IDA* iteration found ({@link SubtreeSearch#search}).
 *
 * @param solution      the first solution in root order, or null
 * @param leastExceeded the least f above the bound met ({@link Frontier#NONE} when none); meaningful when no
 *                      solution was found and the search was not stopped
 * @param nodes         nodes expanded
 * @param stopped       whether the stop signal cut the search short before it found a solution
 * @param rootNodes      per root, in the order given, the nodes its subtree took (0 for those not searched)
 * @param rootApproaches per root, how near its subtree came to a solution beyond the bound
 *                       ({@link SubtreeHistory#approach}; {@link SubtreeHistory#UNKNOWN} for those not searched):
 *                       with the nodes, what the next iteration orders its subtrees by
 */
public record SubtreeOutcome(String solution, int leastExceeded, long nodes, boolean stopped, List<Long> rootNodes,
                             List<Long> rootApproaches) {

    public SubtreeOutcome {
        rootNodes = List.copyOf(rootNodes);
        rootApproaches = List.copyOf(rootApproaches);
    }

    public boolean solved() {
        return solution != null;
    }
}
