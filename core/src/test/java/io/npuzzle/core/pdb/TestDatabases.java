package io.npuzzle.core.pdb;

import io.npuzzle.cli.DatabaseSettings;

/** One set of 4x4 databases for the whole test run, in the directory the build names (target/pdb). */
public final class TestDatabases {

    private static PatternDatabases shared;

    private TestDatabases() {
    }

    public static synchronized PatternDatabases shared() {
        if (shared == null) {
            shared = DatabaseSettings.databases();
            shared.warmUp();
        }
        return shared;
    }
}
