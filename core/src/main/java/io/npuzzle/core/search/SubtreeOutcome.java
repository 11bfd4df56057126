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
 * @param rootNodes     per root, in the order given, the nodes its subtree took (0 for those not searched): what
 *                      the next iteration orders its subtrees by ({@link SubtreeHistory})
 */
public record SubtreeOutcome(String solution, int leastExceeded, long nodes, boolean stopped, List<Long> rootNodes) {

    public SubtreeOutcome {
        rootNodes = List.copyOf(rootNodes);
    }

    public boolean solved() {
        return solution != null;
    }
}
