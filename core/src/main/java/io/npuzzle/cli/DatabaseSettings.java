package io.npuzzle.cli;

import io.npuzzle.core.pdb.DatabaseSet;
import io.npuzzle.core.pdb.PatternDatabases;
import io.npuzzle.core.solve.Solver;

import java.nio.file.Path;

/**
 * Where the launchers (bin/npuzzle, the benchmarks, the worker image) keep the pattern databases and which set they
 * use, as system properties, else environment variables. Core itself reads neither: it is handed the result.
 */
public final class DatabaseSettings {

    /** Chooses the set, as a system property. */
    public static final String SET_PROPERTY = "npuzzle.pdb.set";
    /** Chooses the set, as an environment variable (the property wins). */
    public static final String SET_ENV = "NPUZZLE_PDB_SET";
    /** Chooses the directory, as a system property. */
    public static final String DIRECTORY_PROPERTY = "npuzzle.pdb.dir";
    /** Chooses the directory, as an environment variable (the property wins). */
    public static final String DIRECTORY_ENV = "NPUZZLE_PDB_DIR";

    private DatabaseSettings() {
    }

    /** The property {@value #SET_PROPERTY}, else the variable {@value #SET_ENV}, else STANDARD. */
    public static DatabaseSet set() {
        String value = setting(SET_PROPERTY, SET_ENV);
        return value == null ? DatabaseSet.STANDARD : DatabaseSet.parse(value);
    }

    /**
     * The property {@value #DIRECTORY_PROPERTY}, else the variable {@value #DIRECTORY_ENV}, else {@code npuzzle}
     * under {@code $XDG_CACHE_HOME}, else {@code ~/.cache/npuzzle}.
     */
    public static Path directory() {
        String configured = setting(DIRECTORY_PROPERTY, DIRECTORY_ENV);
        if (configured != null) {
            return Path.of(configured);
        }
        String cache = System.getenv("XDG_CACHE_HOME");
        return isSet(cache) ? Path.of(cache, "npuzzle") : Path.of(System.getProperty("user.home"), ".cache", "npuzzle");
    }

    /** The databases in {@link #directory()}, of the {@link #set()}, each built on first use where missing. */
    public static PatternDatabases databases() {
        return PatternDatabases.in(directory(), set());
    }

    /**
     * The databases as the command line's answers use them: a solve builds those that take seconds
     * ({@link PatternDatabases#QUICK_BUILD_ENTRIES}); the rest come from {@code npuzzle databases}.
     */
    static PatternDatabases forAnswers() {
        return PatternDatabases.in(directory(), set(), Long.parseLong(PatternDatabases.QUICK_BUILD_ENTRIES));
    }

    /** A solver on {@link #databases()} whose searches use every core. */
    public static Solver solver() {
        return solver(databases());
    }

    /** A solver on these databases whose searches use every core. */
    public static Solver solver(PatternDatabases databases) {
        return new Solver(databases, Runtime.getRuntime().availableProcessors());
    }

    private static String setting(String property, String variable) {
        String value = System.getProperty(property);
        if (!isSet(value)) {
            value = System.getenv(variable);
        }
        return isSet(value) ? value : null;
    }

    private static boolean isSet(String value) {
        return value != null && !value.isBlank();
    }
}
