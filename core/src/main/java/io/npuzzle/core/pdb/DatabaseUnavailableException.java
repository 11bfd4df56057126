package io.npuzzle.core.pdb;

/** A database that is not stored and may not be built in this process (too large for its settings or its heap). */
public final class DatabaseUnavailableException extends RuntimeException {

    public DatabaseUnavailableException(String message) {
        super(message);
    }
}
