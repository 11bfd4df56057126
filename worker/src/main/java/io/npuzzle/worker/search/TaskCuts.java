package io.npuzzle.worker.search;

/**
 * How many tasks each iteration of a split search is cut into: one per {@code taskNodes} of its expected size,
 * between {@link #MIN_TASKS} and the configured most. IDA*'s iterations grow by a nearly constant factor (the
 * heuristic branching factor; Korf, Reid and Edelkamp, "Time complexity of iterative-deepening-A*", 2001), so the
 * last complete iteration times its growth over the one before foresees the next well enough. An iteration taken
 * over from another coordinator is cut as that one cut it, so that the results recorded in Redis, and the tasks
 * still on the topic, keep the roots their indexes name.
 */
final class TaskCuts {

    /** Fewest tasks an iteration is cut into, however small: enough for a few workers to share it. */
    static final int MIN_TASKS = 16;
    /** Growth assumed after a single known iteration, a guess; from the second on, the measured one is used. */
    static final double FIRST_GROWTH = 6;
    /** Limits on a measured growth, so that one tiny iteration foresees nothing absurd. */
    private static final double LEAST_GROWTH = 1;
    private static final double MOST_GROWTH = 30;

    private final int most;
    private final long taskNodes;
    private long last = -1;
    private long previous = -1;
    private int takenOver;

    /**
     * @param most      the most tasks of an iteration
     * @param taskNodes the nodes a task is meant to take
     */
    TaskCuts(int most, long taskNodes) {
        this.most = most;
        this.taskNodes = taskNodes;
    }

    /** The next iteration is one another coordinator cut into {@code tasks} tasks. */
    void takenOver(int tasks) {
        takenOver = tasks;
    }

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

    /** Tasks for the next iteration; the most when its size cannot be foreseen. */
    int next() {
        if (takenOver > 0) {
            int tasks = takenOver;
            takenOver = 0;
            return tasks;
        }
        long expected = expectedNext();
        if (expected < 0) {
            return most;
        }
        return (int) Math.min(most, Math.max(Math.min(MIN_TASKS, most), expected / taskNodes));
    }
}
