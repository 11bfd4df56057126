package io.npuzzle.core.model;

/**
 * How much memory one search may hold, the rule the command line and the worker share: half of the heap is set
 * aside for searches (the rest holds tables, pattern databases, the service and garbage not yet collected),
 * split evenly among the searches that may run at once. No mix of requests can then exhaust the heap: a search
 * that reaches its share ends over budget instead.
 */
public final class SearchMemory {

    private SearchMemory() {
    }

    /**
     * @param heapBytes the heap the searches run in ({@link Runtime#maxMemory()})
     * @param searches  searches that may hold memory at once
     */
    public static long perSearch(long heapBytes, int searches) {
        if (searches < 1) {
            throw new IllegalArgumentException("at least one search must be allowed");
        }
        return heapBytes / 2 / searches;
    }

    /** The share of one search when it is the only one in this JVM, as on the command line. */
    public static long alone() {
        return perSearch(Runtime.getRuntime().maxMemory(), 1);
    }
}
