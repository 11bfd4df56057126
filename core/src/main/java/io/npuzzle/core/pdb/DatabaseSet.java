package io.npuzzle.core.pdb;

import java.util.Locale;

/**
 * Which databases a process keeps for the 15-, 19- and 24-puzzles (4x4, 4x5, 5x4, 5x5); every other shape has one
 * set. The names {@code 6-6-3} and {@code 7-8} are the 15-puzzle's partitions in each.
 */
public enum DatabaseSet {
    /**
     * 4x4: 6-6-3 views, a few MB built in seconds; 4x5: four six-tile views, 127 MB built in 2 minutes; 5x5: one
     * 6-6-6-6 partition and its mirror image, 128 MB built in 2 minutes.
     */
    STANDARD,
    /**
     * For corner goal blanks, 4x4: the 7-8 partition and its mirror image, 288 MB; 4x5: two 7-6-6 partitions,
     * 419 MB; 5x5: two 6-6-6-6 partitions and their mirror images, 383 MB. Built in minutes; the standard set
     * answers meanwhile.
     */
    LARGE;

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
