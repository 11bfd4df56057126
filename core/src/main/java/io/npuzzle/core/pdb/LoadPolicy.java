package io.npuzzle.core.pdb;

/** How far a lookup of {@link PatternDatabases} may go to have an estimate's databases in memory. */
public enum LoadPolicy {
    /** Loads from the store, or builds and stores, now, waiting for positional tables: optimal and bounded searches. */
    LOAD,
    /**
     * Only what is in memory now; what is stored starts loading in the background, so that later answers have it:
     * a quick answer for a region of a larger board must not spend its time loading. A quick answer on a whole board
     * waits for that load while its time allows ({@link PatternDatabases#heuristicBefore}).
     */
    IN_MEMORY
}
