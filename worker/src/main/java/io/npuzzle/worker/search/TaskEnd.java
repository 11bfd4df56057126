package io.npuzzle.worker.search;

import java.util.Locale;

/** How the search of one task ended, as the worker's metrics count it. */
public enum TaskEnd {
    /** It found a solution. */
    SOLVED,
    /** It searched every subtree without one. */
    EXHAUSTED,
    /** Cut short: its search ended, or this worker is stopping. */
    STOPPED,
    /** Not searched: its search had ended. */
    SKIPPED;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
