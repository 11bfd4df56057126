package io.npuzzle.core.model;

import java.time.Duration;

/**
 * Receives {@link SearchProgress} from a search thread, and what it waits for before it starts; must return quickly
 * and never throw.
 */
@FunctionalInterface
public interface ProgressListener {

    /** Listens to nothing. */
    ProgressListener NONE = progress -> { };

    /** Time between two reports of one search whose answer and lower bound have not improved since the first. */
    Duration INTERVAL = Duration.ofSeconds(1);

    /**
     * Least time between two reports of one search, and from its start to its first: however quickly a search
     * improves its answer or its lower bound, a listener that records each report (and a service that writes it to
     * its store) hears at most ten a second of it, and nothing of a search that ends sooner.
     */
    Duration LEAST_GAP = Duration.ofMillis(100);

    void report(SearchProgress progress);

    /** Hears that the search waits for its databases to be built; a listener that shows only searches ignores it. */
    default void waiting(DatabaseWait wait) {
    }
}
