package io.npuzzle.worker.search;

import java.time.Duration;
import java.util.OptionalInt;
import java.util.function.BooleanSupplier;

/**
 * Whether a task before a given one in its split search's current iteration has found a solution, which leaves the
 * given task nothing to change: a task in hand stops then instead of searching on for nothing. A search polls its
 * stop signal every few thousand nodes, so the store is asked at most once per {@link #POLL}. Used by the one
 * thread that searches the task.
 */
final class SolvedBefore implements BooleanSupplier {

    static final Duration POLL = Duration.ofMillis(100);

    private final SplitSearchStore store;
    private final String searchId;
    private final int index;
    private long nextPollNanos = System.nanoTime() + POLL.toNanos();
    private OptionalInt solvedTask;

    /**
     * @param index      the task's place in its iteration
     * @param solvedTask the iteration's solved task as just read, so the first poll comes a {@link #POLL} later
     */
    SolvedBefore(SplitSearchStore store, String searchId, int index, OptionalInt solvedTask) {
        this.store = store;
        this.searchId = searchId;
        this.index = index;
        this.solvedTask = solvedTask;
    }

    @Override
    public boolean getAsBoolean() {
        long now = System.nanoTime();
        if (now - nextPollNanos >= 0) {
            solvedTask = store.solvedTask(searchId);
            nextPollNanos = now + POLL.toNanos();
        }
        return found();
    }

    /** Whether an earlier task had found a solution when the store was last asked. */
    boolean found() {
        return solvedTask.isPresent() && solvedTask.getAsInt() < index;
    }

    /** The earlier task that found a solution, as last heard; empty while none has. */
    OptionalInt solvedTask() {
        return solvedTask;
    }
}
