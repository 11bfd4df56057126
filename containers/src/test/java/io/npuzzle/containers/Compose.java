package io.npuzzle.containers;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** The compose v2 CLI ({@code docker compose}) on one compose file, under a project name of its own. */
final class Compose {

    /** What a command printed (standard output and error together) and how it ended. */
    record Result(int exitCode, String output) {
        List<String> lines() {
            return output.lines().filter(line -> !line.isBlank()).toList();
        }
    }

    private final Path file;
    private final String project;
    private final Map<String, String> environment;

    Compose(Path file, String project, Map<String, String> environment) {
        this.file = file;
        this.project = project;
        this.environment = Map.copyOf(environment);
    }

    /** Whether {@code docker compose} (the v2 plugin, not the old docker-compose 1.x) answers here. */
    static boolean available() {
        try {
            return execute(List.of("docker", "compose", "version"), Map.of(), Duration.ofSeconds(30)).exitCode() == 0;
        } catch (RuntimeException e) {
            return false;
        }
    }

    String project() {
        return project;
    }

    /** Runs {@code docker compose -p PROJECT -f FILE ARGS...}; the command is killed past the timeout. */
    Result run(Duration timeout, String... args) {
        List<String> command = new ArrayList<>(List.of("docker", "compose", "--project-name", project,
                "--file", file.toString()));
        command.addAll(List.of(args));
        return execute(command, environment, timeout);
    }

    /** Runs {@code docker ARGS...} with the same environment (the same engine). */
    Result docker(Duration timeout, String... args) {
        List<String> command = new ArrayList<>(List.of("docker"));
        command.addAll(List.of(args));
        return execute(command, environment, timeout);
    }

    private static Result execute(List<String> command, Map<String, String> environment, Duration timeout) {
        Path output = null;
        try {
            output = Files.createTempFile("compose", ".out");
            ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(output.toFile()).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
            builder.environment().putAll(environment);
            Process process = builder.start();
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                throw new AssertionError(String.join(" ", command) + " did not end in " + timeout + ":\n"
                        + Files.readString(output, StandardCharsets.UTF_8));
            }
            return new Result(process.exitValue(), Files.readString(output, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run " + String.join(" ", command), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } finally {
            if (output != null) {
                try {
                    Files.deleteIfExists(output);
                } catch (IOException ignored) {
                    // a temporary file left behind
                }
            }
        }
    }
}
