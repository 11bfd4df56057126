package io.npuzzle.core.pdb;

/** How far a lookup of {@link PatternDatabases} may go to have an estimate's databases in memory. */
public enum LoadPolicy {
    /** Loads from the store, or builds and stores, now, waiting for positional tables: optimal and bounded searches. */
    LOAD,
    /**
     * Loads from the store now, never builds, nor waits for positional tables: a quick answer on a whole board may
     * wait for a load but not for a build.
     */
    IF_STORED,
    /**
     * Only what is in memory now; what is stored starts loading in the background, so that later answers have it:
     * a quick answer for a region of a larger board must not spend its time loading.
     */
    IN_MEMORY
}
