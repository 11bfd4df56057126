package io.npuzzle.deploy.app;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Durations as the configurations write them. */
public final class Durations {

    private static final Pattern PARTS = Pattern.compile("(\\d+)(ms|h|m|s)");

    private Durations() {
    }

    /** Quarkus: ISO-8601 ({@code PT35S}), a number of seconds, or a number with a unit ({@code 35s}, {@code 500ms}). */
    public static Duration quarkus(String value) {
        String text = value.trim();
        if (text.matches("\\d+")) {
            return Duration.ofSeconds(Long.parseLong(text));
        }
        if (text.matches("\\d+ms")) {
            return Duration.ofMillis(Long.parseLong(text.substring(0, text.length() - 2)));
        }
        if (text.matches("\\d+[smhd]")) {
            text = (text.endsWith("d") ? "P" : "PT") + text;
        }
        return Duration.parse(text.toUpperCase(Locale.ROOT));
    }

    /** Docker Compose: Go's form, such as {@code 45s} or {@code 1m30s}. */
    public static Duration compose(String value) {
        Matcher part = PARTS.matcher(value.trim());
        Duration total = Duration.ZERO;
        int end = 0;
        while (part.find() && part.start() == end) {
            long amount = Long.parseLong(part.group(1));
            total = total.plus(switch (part.group(2)) {
                case "ms" -> Duration.ofMillis(amount);
                case "s" -> Duration.ofSeconds(amount);
                case "m" -> Duration.ofMinutes(amount);
                default -> Duration.ofHours(amount);
            });
            end = part.end();
        }
        if (end == 0 || end != value.trim().length()) {
            throw new IllegalArgumentException("not a compose duration: " + value);
        }
        return total;
    }
}
