package io.npuzzle.deploy.app;

import java.util.List;

/** The JVM options the images start the apps with, and the one they must not lose. */
public final class JavaOptions {

    /** The variable the images' entrypoint passes to {@code java}. */
    public static final String VARIABLE = "JAVA_OPTS";
    /** Without it a JVM out of memory runs on with the threads that met the error gone, and is never restarted. */
    public static final String EXIT_ON_OUT_OF_MEMORY = "-XX:+ExitOnOutOfMemoryError";

    private JavaOptions() {
    }

    /** Whether {@code options} (a command line's words, or null) leave the flag on: the last spelling wins. */
    public static boolean exitOnOutOfMemory(String options) {
        if (options == null) {
            return false;
        }
        List<String> flags = List.of(options.trim().split("\\s+")).stream()
                .filter(word -> word.matches("-XX:[+-]ExitOnOutOfMemoryError")).toList();
        return !flags.isEmpty() && flags.get(flags.size() - 1).equals(EXIT_ON_OUT_OF_MEMORY);
    }
}
