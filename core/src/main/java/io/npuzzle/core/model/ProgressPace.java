package io.npuzzle.core.model;

import java.util.OptionalInt;

/**
 * When one search reports its progress ({@link ProgressListener}): as soon as it holds a first answer, then at once
 * whenever its answer or its lower bound improves, and every {@link ProgressListener#INTERVAL} when nothing did;
 * never twice within {@link ProgressListener#LEAST_GAP}, nor within it of the start. A search without an answer
 * first reports after the interval, so that searches that end sooner report nothing. Thread-safe: the threads of
 * one search share one pace, and one of them reports each time.
 */
public final class ProgressPace {

    private static final long LEAST_GAP_NANOS = ProgressListener.LEAST_GAP.toNanos();
    private static final long INTERVAL_NANOS = ProgressListener.INTERVAL.toNanos();
    private static final int NO_ANSWER = -1;

    /** When the last report was made, or the search started. */
    private volatile long lastNanos;
    private boolean reported;
    private int shownLowerBound;
    private int shownLength = NO_ANSWER;

    /** The pace of a search that started at {@code startNanos}, in {@link System#nanoTime()}'s terms. */
    public ProgressPace(long startNanos) {
        this.lastNanos = startNanos;
    }

    /**
     * Whether a report of {@code lowerBound} and the answer of {@code length} is due at {@code nowNanos}; when it
     * is, the caller makes it, and it counts as made.
     */
    public boolean due(long nowNanos, int lowerBound, OptionalInt length) {
        if (nowNanos - lastNanos < LEAST_GAP_NANOS) {
            return false; // read without the lock: a search asks at every checkpoint
        }
        synchronized (this) {
            long since = nowNanos - lastNanos;
            int held = length.orElse(NO_ANSWER);
            boolean improved = held != shownLength || reported && lowerBound > shownLowerBound;
            if (since < LEAST_GAP_NANOS || !improved && since < INTERVAL_NANOS) {
                return false;
            }
            lastNanos = nowNanos;
            reported = true;
            shownLowerBound = lowerBound;
            shownLength = held;
            return true;
        }
    }

    /**
     * Whether the last report showed an answer of {@code length} (none, when it is empty): a search that holds an
     * answer not shown yet reports it before it spends time on a better one.
     */
    public synchronized boolean shows(OptionalInt length) {
        return length.orElse(NO_ANSWER) == shownLength;
    }
}
