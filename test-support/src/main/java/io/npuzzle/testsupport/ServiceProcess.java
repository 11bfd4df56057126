package io.npuzzle.testsupport;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * A packaged Quarkus service ({@code target/quarkus-app/quarkus-run.jar}) running as a separate process, as in
 * production. Its output goes to a log file; it counts as started once Quarkus logs its start-up line.
 */
public final class ServiceProcess implements AutoCloseable {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(90);
    private static final String STARTED_MARKER = " started in ";

    private final String name;
    private final Process process;
    private final Path log;

    private ServiceProcess(String name, Process process, Path log) {
        this.name = name;
        this.process = process;
        this.log = log;
    }

    /** Starts a service with a small heap (256 MiB) and waits until it has started. */
    public static ServiceProcess start(Path runJar, String name, Map<String, String> config) {
        return start(runJar, name, List.of("-Xmx256m"), config);
    }

    /**
     * Starts a service and waits until it has started.
     *
     * @param runJar     the service's {@code quarkus-run.jar}
     * @param name       a name for the log file and messages
     * @param jvmOptions options of the JVM, such as its heap
     * @param config     system properties for the service
     */
    public static ServiceProcess start(Path runJar, String name, List<String> jvmOptions, Map<String, String> config) {
        if (!Files.isRegularFile(runJar)) {
            throw new IllegalStateException(runJar + " is missing: package the service first (mvn -DskipTests package)");
        }
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        config.forEach((key, value) -> command.add("-D" + key + "=" + value));
        command.add("-jar");
        command.add(runJar.toAbsolutePath().toString());
        try {
            Files.createDirectories(TestInfrastructure.WORK_DIR);
            Path log = TestInfrastructure.WORK_DIR.resolve(name + ".log");
            Process process = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile())
                    .start();
            ServiceProcess service = new ServiceProcess(name, process, log);
            service.awaitStarted();
            return service;
        } catch (IOException e) {
            throw new IllegalStateException("could not start " + name, e);
        }
    }

    /**
     * Starts services side by side, each as its starter does, and waits until every one has started: a test's
     * services start in the time of the slowest rather than the sum. When one fails the others are stopped.
     */
    public static List<ServiceProcess> startTogether(List<Supplier<ServiceProcess>> starters) {
        List<CompletableFuture<ServiceProcess>> starting = starters.stream()
                .map(starter -> CompletableFuture.supplyAsync(starter, runnable -> new Thread(runnable).start()))
                .toList();
        try {
            CompletableFuture.allOf(starting.toArray(CompletableFuture[]::new)).join();
            return starting.stream().map(CompletableFuture::join).toList();
        } catch (CompletionException e) {
            // allOf ends once every start has ended, so each is either started or failed.
            closeAll(starting.stream().filter(start -> !start.isCompletedExceptionally())
                    .map(CompletableFuture::join).toList());
            throw e.getCause() instanceof RuntimeException cause ? cause : e;
        }
    }

    /** Stops services as {@link #close} does, all at once rather than one after another. */
    public static void closeAll(Collection<ServiceProcess> services) {
        services.forEach(service -> service.process.destroy());
        services.forEach(ServiceProcess::close);
    }

    public String name() {
        return name;
    }

    public Path log() {
        return log;
    }

    private void awaitStarted() {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (!output().contains(STARTED_MARKER)) {
            if (!process.isAlive()) {
                throw new IllegalStateException(name + " exited with " + process.exitValue() + ":\n" + tail());
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(name + " did not start within " + START_TIMEOUT + ":\n" + tail());
            }
            Waits.pause(Duration.ofMillis(100));
        }
    }

    /** Everything the service has logged so far. */
    public String output() {
        try {
            return Files.readString(log, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }

    private String tail() {
        String text = output();
        return text.length() > 4000 ? text.substring(text.length() - 4000) : text;
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** The running process, to signal it together with others ({@link Stack#stopUncleanly}). */
    public ProcessHandle handle() {
        return process.toHandle();
    }

    /** Waits for the service to exit by itself; its exit code, or empty when it still runs after the timeout. */
    public OptionalInt awaitExit(Duration timeout) {
        try {
            return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)
                    ? OptionalInt.of(process.exitValue()) : OptionalInt.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return OptionalInt.empty();
        }
    }

    /** Kills the service at once, as SIGKILL does: no shutdown hook runs, nothing is committed or closed. */
    public void kill() {
        try {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Stops the service as Ctrl-C would, forcibly if it takes too long. */
    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(20, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }
}
