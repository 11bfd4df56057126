package io.npuzzle.core.model;

/**
 * Receives {@link SearchProgress} from a search thread, and what it waits for before it starts; must return quickly
 * and never throw.
 */
@FunctionalInterface
public interface ProgressListener {

    /** Listens to nothing. */
    ProgressListener NONE = progress -> { };

    /** Least time between two reports of one search. */
    long INTERVAL_MILLIS = 1_000;

    void report(SearchProgress progress);

    /** Hears that the search waits for its databases to be built; a listener that shows only searches ignores it. */
    default void waiting(DatabaseWait wait) {
    }
}
