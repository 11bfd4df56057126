package io.npuzzle.core.model;

import java.util.Locale;

/**
 * What a caller wants: a proven shortest answer, an answer at most a given ratio longer than the shortest
 * (see {@link SolveOptions#ratio()}), or a legal short answer quickly.
 */
public enum Mode {
    OPTIMAL,
    BOUNDED,
    FAST;

    /** Parses {@code optimal}, {@code bounded} or {@code fast}, ignoring case; null means OPTIMAL. */
    public static Mode parse(String text) {
        if (text == null || text.isBlank()) {
            return OPTIMAL;
        }
        return switch (text.strip().toLowerCase(Locale.ROOT)) {
            case "optimal" -> OPTIMAL;
            case "bounded" -> BOUNDED;
            case "fast" -> FAST;
            default -> throw new IllegalArgumentException("unknown mode (expected optimal, bounded or fast)");
        };
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
