package io.npuzzle.cli;

/** Command-line arguments that cannot be understood; the CLI prints usage and exits with status 2. */
final class UsageException extends RuntimeException {

    UsageException(String message) {
        super(message);
    }
}
