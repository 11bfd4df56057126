package io.npuzzle.core.search;

import it.unimi.dsi.fastutil.ints.IntArrays;
import it.unimi.dsi.fastutil.longs.Long2LongOpenHashMap;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.LongBinaryOperator;

/**
 * The order in which an IDA* iteration searches its subtrees: those that came nearest a solution in the iteration
 * before first, then the busiest, the others in depth-first order. How near is the least f a subtree met above the
 * last bound, then the least estimate of a node pruned with that f ({@link #approach}): a subtree that met the next
 * bound deep down holds a path whose estimate stayed close to the truth far from the start. Among equals, the one
 * that took more nodes holds more paths whose estimate stays close, and so more of the solutions under the next
 * bound, so the last iteration meets its first solution sooner than depth first or in a random order
 * ({@code bench/shapes} on 4x5 boards counts the answers within budget and their time). Ordering
 * from the previous iteration is in the spirit of Reinefeld and Marsland ("Enhanced iterative-deepening search",
 * IEEE PAMI 1994). What a subtree met is a property of the tree, not of the threads or workers that took it, so
 * the order, and with it the answer, never depends on who searched what.
 *
 * <p>Subtrees are named by their roots' moves. The iteration remembered may have cut its tree at another depth
 * than the one ordered: a root deeper than the remembered ones takes its ancestor's figures, a shallower one the
 * sum of its descendants' nodes and the nearest of their approaches. Not thread-safe: one search's coordinating
 * thread uses it.
 */
public final class SubtreeHistory {

    /** The approach of a subtree whose search met no f above its bound, or that was not searched. */
    public static final long UNKNOWN = Long.MAX_VALUE;

    /** Per subtree (its root's packed moves), the nodes it took in the last complete iteration. */
    private final Long2LongOpenHashMap nodesOfRoot = new Long2LongOpenHashMap();
    /** Per subtree, its {@link #approach} in the last complete iteration. */
    private final Long2LongOpenHashMap approachOfRoot = new Long2LongOpenHashMap();
    /** Depth of the remembered roots; -1 while none is remembered. */
    private int depth = -1;

    public SubtreeHistory() {
        approachOfRoot.defaultReturnValue(UNKNOWN);
    }

    /**
     * How near a subtree's search came to a solution beyond its bound, as one number that sorts nearer first: the
     * least f it met above the bound, then the least estimate of a node pruned with that f (the deeper that node,
     * the smaller).
     */
    public static long approach(int leastExceeded, int estimate) {
        return leastExceeded == DepthFirstKernel.NONE ? UNKNOWN : (long) leastExceeded << Integer.SIZE | estimate;
    }

    /** The roots, each the moves from the start (one length for all), reordered nearest and busiest first. */
    public List<String> order(List<String> roots) {
        int rootDepth = depthOf(roots);
        long[] ordered = order(packed(roots), rootDepth);
        List<String> result = new ArrayList<>(ordered.length);
        for (long root : ordered) {
            result.add(PackedPath.unpack(root, rootDepth));
        }
        return result;
    }

    /** Per root (each the moves from the start, one length for all), the nodes its subtree took as remembered. */
    public long[] nodesOf(List<String> roots) {
        return nodes(packed(roots), depthOf(roots));
    }

    /**
     * Remembers a complete iteration's subtrees, forgetting the one before.
     *
     * @param roots      each the moves from the start, one length for all
     * @param nodes      per root, the nodes its subtree took
     * @param approaches per root, how near its subtree came to a solution ({@link #approach}, or {@link #UNKNOWN})
     */
    public void remember(List<String> roots, long[] nodes, long[] approaches) {
        remember(packed(roots), nodes, approaches, depthOf(roots));
    }

    /**
     * The roots (packed moves, {@code rootDepth} each) listed in depth-first order, reordered nearest and busiest
     * first.
     */
    long[] order(long[] listed, int rootDepth) {
        long[] approaches = approaches(listed, rootDepth);
        long[] nodes = nodes(listed, rootDepth);
        int[] index = new int[listed.length];
        for (int i = 0; i < listed.length; i++) {
            index[i] = i;
        }
        IntArrays.stableSort(index, (a, b) -> approaches[a] != approaches[b]
                ? Long.compare(approaches[a], approaches[b]) : Long.compare(nodes[b], nodes[a]));
        long[] ordered = new long[listed.length];
        for (int i = 0; i < listed.length; i++) {
            ordered[i] = listed[index[i]];
        }
        return ordered;
    }

    /** Remembers a complete iteration's subtrees (packed moves, {@code rootDepth} each), forgetting the one before. */
    void remember(long[] roots, long[] nodes, long[] approaches, int rootDepth) {
        nodesOfRoot.clear();
        approachOfRoot.clear();
        for (int i = 0; i < roots.length; i++) {
            nodesOfRoot.addTo(roots[i], nodes[i]);
            if (approaches[i] < approachOfRoot.get(roots[i])) {
                approachOfRoot.put(roots[i], approaches[i]);
            }
        }
        depth = rootDepth;
    }

    /** Per root (packed moves, {@code rootDepth} each), its remembered nodes, or its ancestor's or descendants' sum. */
    private long[] nodes(long[] roots, int rootDepth) {
        return figures(nodesOfRoot, Long::sum, roots, rootDepth);
    }

    /** Per root, its remembered approach, or its ancestor's, or the nearest of its descendants'. */
    private long[] approaches(long[] roots, int rootDepth) {
        return figures(approachOfRoot, Math::min, roots, rootDepth);
    }

    /**
     * Per root, its figure in {@code remembered} (the last iteration's, per root there), or its ancestor's there,
     * or its descendants' merged; the map's default where nothing is remembered.
     */
    private long[] figures(Long2LongOpenHashMap remembered, LongBinaryOperator merge, long[] roots, int rootDepth) {
        long[] figures = new long[roots.length];
        Arrays.fill(figures, remembered.defaultReturnValue());
        if (depth >= 0) {
            Long2LongOpenHashMap atDepth = rootDepth < depth ? mergedAt(remembered, merge, rootDepth) : remembered;
            long ancestor = PackedPath.prefixMask(Math.min(rootDepth, depth));
            for (int i = 0; i < roots.length; i++) {
                figures[i] = atDepth.get(roots[i] & ancestor);
            }
        }
        return figures;
    }

    /** The remembered figures merged per ancestor {@code shallower} moves deep. */
    private static Long2LongOpenHashMap mergedAt(Long2LongOpenHashMap remembered, LongBinaryOperator merge,
                                                 int shallower) {
        Long2LongOpenHashMap merged = new Long2LongOpenHashMap();
        merged.defaultReturnValue(remembered.defaultReturnValue());
        long ancestor = PackedPath.prefixMask(shallower);
        remembered.long2LongEntrySet().fastForEach(entry -> merged.mergeLong(entry.getLongKey() & ancestor,
                entry.getLongValue(), merge));
        return merged;
    }

    private static long[] packed(List<String> roots) {
        long[] packed = new long[roots.size()];
        for (int i = 0; i < packed.length; i++) {
            packed[i] = PackedPath.pack(roots.get(i));
        }
        return packed;
    }

    private static int depthOf(List<String> roots) {
        return roots.isEmpty() ? 0 : roots.get(0).length();
    }
}
