package io.npuzzle.core.model;

/** Receives {@link SearchProgress} from a search thread; must return quickly and never throw. */
@FunctionalInterface
public interface ProgressListener {

    /** Listens to nothing. */
    ProgressListener NONE = progress -> { };

    /** Least time between two reports of one search. */
    long INTERVAL_MILLIS = 1_000;

    void report(SearchProgress progress);
}
