package io.npuzzle.protocol;

import java.util.UUID;
import java.util.regex.Pattern;

/** Job ids: random UUID v4 (122 random bits from a secure generator), so that nobody can guess another's job. */
public final class JobIds {

    private static final Pattern UUID_V4 =
            Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}");

    /** The logging context (MDC) key under which the services put the id of the job a log line is about. */
    public static final String LOG_KEY = "jobId";

    private JobIds() {
    }

    public static String next() {
        return UUID.randomUUID().toString();
    }

    /** Whether text has the form of an id we issue; anything else must never reach a Redis key. */
    public static boolean isWellFormed(String text) {
        return text != null && text.length() == 36 && UUID_V4.matcher(text).matches();
    }
}
