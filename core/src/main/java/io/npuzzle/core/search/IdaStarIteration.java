package io.npuzzle.core.search;

import it.unimi.dsi.fastutil.longs.LongArrayList;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One threshold of an IDA* search: the subtrees still to search, the earliest solution in their order, the least
 * f found above the threshold, and the nodes each subtree took and how near it came to a solution. Threads take
 * subtrees in turn; a solution stops only the subtrees after its own, so the answer never depends on thread
 * timing.
 */
final class IdaStarIteration {

    final int threshold;
    /** Non-null while the tree above the split depth is being listed. */
    final LongArrayList collected;
    long[] roots = new long[0];
    /** Per root, the nodes its subtree took in this iteration; read once the iteration is closed. */
    long[] rootNodes = new long[0];
    /** Per root, how near its subtree came to a solution beyond the threshold ({@link SubtreeHistory#approach}). */
    long[] rootApproaches = new long[0];
    final AtomicInteger nextRoot = new AtomicInteger();
    volatile int solvedRoot = DepthFirstKernel.NONE;
    String solution;
    int nextThreshold = DepthFirstKernel.NONE;
    private int active;
    private boolean closed;

    IdaStarIteration(int threshold, LongArrayList collected) {
        this.threshold = threshold;
        this.collected = collected;
    }

    /** The subtrees to search, in order, each as its root's packed moves. */
    void setRoots(long[] packedRoots) {
        roots = packedRoots;
        rootNodes = new long[packedRoots.length];
        rootApproaches = new long[packedRoots.length];
        Arrays.fill(rootApproaches, SubtreeHistory.UNKNOWN);
    }

    /** Searches subtrees until none is left, a solution makes the rest pointless, or the search stops. */
    void work(DepthFirstKernel kernel) {
        for (int root; (root = nextRoot.getAndIncrement()) < roots.length; ) {
            if (root > solvedRoot || kernel.run.stop != null) {
                break;
            }
            long before = kernel.nodes();
            kernel.run(this, -1, root);
            rootNodes[root] = kernel.nodes() - before;
            rootApproaches[root] = kernel.approach();
        }
        kernel.publish();
    }

    synchronized void offerSolution(int root, String moves) {
        if (root < solvedRoot) {
            solvedRoot = root;
            solution = moves;
        }
    }

    synchronized void offerThreshold(int f) {
        nextThreshold = Math.min(nextThreshold, f);
    }

    synchronized boolean join() {
        if (closed) {
            return false;
        }
        active++;
        return true;
    }

    synchronized void leave() {
        active--;
        notifyAll();
    }

    /** Lets no more threads in and waits for those at work. */
    synchronized void close() {
        closed = true;
        boolean interrupted = false;
        while (active > 0) {
            try {
                wait();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
