package io.npuzzle.worker.config;

/** What a worker does about pattern databases its store lacks. */
public enum MissingDatabases {
    /**
     * Builds them into the store in the background, one process at a time for every process sharing the store,
     * those that searches wait for first; searches wait for the databases they read.
     */
    BUILD,
    /** Another process fills the store (a Kubernetes Job): searches wait for the databases they read. */
    AWAIT,
    /** Searches run with what is stored now, and without the larger databases that are not (tests). */
    SKIP
}
