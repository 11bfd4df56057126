package io.npuzzle.core.model;

/**
 * How much memory one search may hold, the rule the command line and the worker share: half of the heap is set
 * aside for searches, split evenly among the searches that may run at once; three eighths are the databases'
 * tables' ({@code TableMemory}), and the last eighth holds the service and garbage not yet collected. No mix of
 * requests and stored databases can then exhaust the heap: a search that reaches its share ends over budget
 * instead, and a table that finds no room is not loaded.
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
