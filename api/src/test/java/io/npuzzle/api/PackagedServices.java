package io.npuzzle.api;

import io.npuzzle.testsupport.ServiceProcess;
import io.npuzzle.testsupport.TestInfrastructure;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The packaged worker and API, each started as a process of its own on the JVM's shared broker and Redis, as they
 * run in production. The worker module builds before this one; this module's jar is packaged before its
 * integration tests run.
 */
public final class PackagedServices {

    static final Path WORKER_JAR = Path.of("..", "worker", "target", "quarkus-app", "quarkus-run.jar");
    static final Path API_JAR = Path.of("target", "quarkus-app", "quarkus-run.jar");
    /**
     * What the workers do about databases their store lacks: by default they search without them, so that a
     * test's heavy search runs at once, whatever the machine's store holds, and no background build takes the CPUs.
     */
    public static final String MISSING_DATABASES = "npuzzle.worker.databases.missing";
    /** The JVM options bin/run starts a worker with, at its least heap. */
    static final List<String> RUN_JVM_OPTIONS =
            List.of("-Xmx512m", "-XX:+UseParallelGC", "-XX:+ExitOnOutOfMemoryError");
    /** The heap bin/run gives a worker that builds the 5x5 databases. */
    static final List<String> BUILDING_HEAP = List.of("-Xmx2g", "-XX:+UseParallelGC", "-XX:+ExitOnOutOfMemoryError");

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private PackagedServices() {
    }

    /** A GET of a worker's health or metrics endpoint on {@code port}; an assertion error when it does not answer. */
    public static HttpResponse<String> workerGet(int port, String path) {
        try {
            return HTTP.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
                    .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new AssertionError("the worker did not answer " + path, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    /**
     * @param name     names the process in messages and its log file
     * @param workerId the worker's id, which it reports with every result
     */
    public static ServiceProcess startWorker(String name, String workerId) {
        // A free port for its health endpoints, so that several workers never collide.
        return start(WORKER_JAR, name, Map.of("npuzzle.worker.id", workerId, "quarkus.http.port", "0",
                MISSING_DATABASES, "skip"));
    }

    /**
     * A worker with the JVM options and heap that {@code bin/run} gives it, its health endpoints on the given port.
     *
     * @param settings more configuration, overriding the defaults
     */
    public static ServiceProcess startWorkerAsRun(String name, int port, Map<String, String> settings) {
        return startWorkerAsRun(name, port, settings, RUN_JVM_OPTIONS);
    }

    /**
     * A worker as {@link #startWorkerAsRun(String, int, Map)} starts it, with other JVM options (such as
     * {@link #BUILDING_HEAP}).
     */
    public static ServiceProcess startWorkerAsRun(String name, int port, Map<String, String> settings,
                                                  List<String> jvmOptions) {
        Map<String, String> config = new HashMap<>(TestInfrastructure.shared().serviceConfig());
        config.put("npuzzle.worker.id", name);
        config.put("quarkus.http.port", Integer.toString(port));
        config.put(MISSING_DATABASES, "skip");
        config.putAll(settings);
        return ServiceProcess.start(WORKER_JAR, name, jvmOptions, config);
    }

    /** An API instance listening on the given port. */
    public static ServiceProcess startApi(String name, int port) {
        return startApi(name, port, Map.of());
    }

    /**
     * An API instance listening on the given port.
     *
     * @param settings more configuration, overriding the defaults
     */
    public static ServiceProcess startApi(String name, int port, Map<String, String> settings) {
        Map<String, String> config = new HashMap<>(settings);
        config.put("quarkus.http.port", Integer.toString(port));
        return start(API_JAR, name, config);
    }

    private static ServiceProcess start(Path jar, String name, Map<String, String> settings) {
        Map<String, String> config = new HashMap<>(TestInfrastructure.shared().serviceConfig());
        config.putAll(settings);
        return ServiceProcess.start(jar, name, config);
    }
}
