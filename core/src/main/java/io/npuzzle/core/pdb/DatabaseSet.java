package io.npuzzle.core.pdb;

import java.util.Locale;

/** Which databases a process keeps for the 15-puzzle; every other shape has one set. */
public enum DatabaseSet {
    /** 6-6-3 views: a few MB, built in seconds. */
    STANDARD,
    /** The 7-8 partition and its mirror image for corner goal blanks: 288 MB, built in minutes; 6-6-3 answers meanwhile. */
    LARGE;

    /** Chooses the set, as a system property. */
    public static final String PROPERTY = "npuzzle.pdb.set";
    /** Chooses the set, as an environment variable (the property wins). */
    public static final String ENV = "NPUZZLE_PDB_SET";

    /** The property {@value #PROPERTY}, else the variable {@value #ENV}, else STANDARD. */
    public static DatabaseSet configured() {
        String value = System.getProperty(PROPERTY);
        if (value == null || value.isBlank()) {
            value = System.getenv(ENV);
        }
        return value == null || value.isBlank() ? STANDARD : parse(value);
    }

    /** Parses {@code 6-6-3} or {@code 7-8}. */
    public static DatabaseSet parse(String text) {
        return switch (text.strip().toLowerCase(Locale.ROOT)) {
            case "6-6-3", "standard" -> STANDARD;
            case "7-8", "large" -> LARGE;
            default -> throw new IllegalArgumentException("unknown database set " + text + " (expected 6-6-3 or 7-8)");
        };
    }

    public String label() {
        return this == STANDARD ? "6-6-3" : "7-8";
    }
}
