package io.npuzzle.core.pdb;

/** How far the databases of one {@link DatabaseGoal} are from answering searches. */
public sealed interface DatabaseState {

    /** Whether a search need wait no longer: the databases are stored, or will never be here. */
    default boolean settled() {
        return this instanceof Ready || this instanceof Unavailable;
    }

    /** Every database is stored; {@code inMemory} when a search here has them loaded already. */
    record Ready(boolean inMemory) implements DatabaseState {
    }

    /** {@code stored} of {@code total} are stored and the next one is being built here, {@code fraction} of it done. */
    record Building(int stored, int total, double fraction) implements DatabaseState {
    }

    /** {@code stored} of {@code total} are stored; the rest waits for a build (here or by another process). */
    record Missing(int stored, int total) implements DatabaseState {
    }

    /** They cannot be built here, and why (a heap too small); searches run without them. */
    record Unavailable(String reason) implements DatabaseState {
    }
}
