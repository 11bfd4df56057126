package io.npuzzle.core.search;

import it.unimi.dsi.fastutil.ints.IntArrays;
import it.unimi.dsi.fastutil.longs.Long2LongOpenHashMap;

/**
 * The order in which an IDA* iteration searches its subtrees: those that took the most nodes in the iteration
 * before first, the others (new within the bound, or as small) in depth-first order. A subtree that grew deep under
 * the last bound holds more paths whose estimate stays close to the truth, and so more of the solutions under the
 * next one: on twelve random 4x5 boards, cut into about a thousand subtrees each, the last iteration met its
 * first solution after 13 % of its nodes on average in this order, against 37 % depth first with children ordered
 * by estimate and 29 % in a random order (bench/shapes: 4x5 boards answered within 10 s went from 90 to 92 of
 * 100). Ordering from the previous iteration is in the spirit of Reinefeld and Marsland ("Enhanced
 * iterative-deepening search", IEEE PAMI 1994). Node counts are a property of the tree, not of the threads that
 * took the subtrees, so the order, and with it the answer, never depends on thread timing.
 */
final class SubtreeHistory {

    /** Per subtree (its root's packed moves), the nodes it took in the last complete iteration. */
    private final Long2LongOpenHashMap nodesOfRoot = new Long2LongOpenHashMap();

    /** The roots listed in depth-first order, reordered busiest first by the last iteration remembered. */
    long[] order(long[] listed) {
        long[] before = new long[listed.length];
        int[] index = new int[listed.length];
        for (int i = 0; i < listed.length; i++) {
            before[i] = nodesOfRoot.get(listed[i]);
            index[i] = i;
        }
        IntArrays.stableSort(index, (a, b) -> Long.compare(before[b], before[a]));
        long[] ordered = new long[listed.length];
        for (int i = 0; i < listed.length; i++) {
            ordered[i] = listed[index[i]];
        }
        return ordered;
    }

    /** Remembers a complete iteration's subtrees, forgetting the one before. */
    void remember(IdaStarIteration iteration) {
        nodesOfRoot.clear();
        for (int i = 0; i < iteration.roots.length; i++) {
            nodesOfRoot.put(iteration.roots[i], iteration.rootNodes[i]);
        }
    }
}
