package io.npuzzle.core.search;

/**
 * What the search of some subtrees of one IDA* iteration found ({@link SubtreeSearch#search}).
 *
 * @param solution      the first solution in root order, or null
 * @param leastExceeded the least f above the bound met ({@link Frontier#NONE} when none); meaningful when no
 *                      solution was found and the search was not stopped
 * @param nodes         nodes expanded
 * @param stopped       whether the stop signal cut the search short before it found a solution
 */
public record SubtreeOutcome(String solution, int leastExceeded, long nodes, boolean stopped) {

    public boolean solved() {
        return solution != null;
    }
}
