package io.npuzzle.core.solve;

import java.util.Locale;

/** What a caller wants: a proven shortest answer, or a legal short answer quickly. */
public enum Mode {
    OPTIMAL,
    FAST;

    /** Parses {@code optimal} or {@code fast}, ignoring case; null means OPTIMAL. */
    public static Mode parse(String text) {
        if (text == null || text.isBlank()) {
            return OPTIMAL;
        }
        return switch (text.strip().toLowerCase(Locale.ROOT)) {
            case "optimal" -> OPTIMAL;
            case "fast" -> FAST;
            default -> throw new IllegalArgumentException("unknown mode (expected optimal or fast)");
        };
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
