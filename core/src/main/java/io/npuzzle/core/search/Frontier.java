package io.npuzzle.core.search;

import java.util.List;

/**
 * The nodes of one IDA* iteration at one depth, within its bound, in depth-first order ({@link SubtreeSearch}).
 *
 * @param depth         the depth listed
 * @param roots         each node as the moves that reach it from the start; empty when a solution was found above
 *                      the depth or the listing was stopped
 * @param solution      a solution no longer than the bound met above the depth, or null
 * @param leastExceeded the least f above the bound met above the depth ({@link #NONE} when none)
 * @param nodes         nodes expanded to list it
 * @param stopped       whether the stop signal cut the listing short
 */
public record Frontier(int depth, List<String> roots, String solution, int leastExceeded, long nodes,
                       boolean stopped) {

    /** No f above the bound was met. */
    public static final int NONE = DepthFirstKernel.NONE;

    public Frontier {
        roots = List.copyOf(roots);
    }
}
