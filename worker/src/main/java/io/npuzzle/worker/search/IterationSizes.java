package io.npuzzle.worker.search;

/**
 * The nodes of a search's last two complete iterations, and what the next is expected to take: IDA*'s iterations
 * grow by a nearly constant factor (the heuristic branching factor, Korf, Reid and Edelkamp, "Time complexity of
 * iterative-deepening-A*", 2001), so the last one times the last growth foresees the next well enough to size its
 * tasks.
 */
final class IterationSizes {

    /** Growth assumed after a single known iteration, a guess; from the second on, the measured one is used. */
    static final double FIRST_GROWTH = 6;
    /** Limits on a measured growth, so that one tiny iteration foresees nothing absurd. */
    private static final double LEAST_GROWTH = 1;
    private static final double MOST_GROWTH = 30;

    private long last = -1;
    private long previous = -1;

    /** A complete iteration took {@code nodes}. */
    void ended(long nodes) {
        previous = last;
        last = nodes;
    }

    /** The nodes the next iteration is expected to take; -1 when no iteration is known. */
    long expectedNext() {
        if (last < 0) {
            return -1;
        }
        double growth = previous > 0 ? Math.min(MOST_GROWTH, Math.max(LEAST_GROWTH, (double) last / previous))
                : FIRST_GROWTH;
        return (long) (last * growth);
    }
}
