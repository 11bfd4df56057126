package io.npuzzle.api;

import io.npuzzle.testsupport.ServiceProcess;
import io.npuzzle.testsupport.TestInfrastructure;

import java.nio.file.Path;
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
    /** The JVM options bin/run starts the services with. */
    static final List<String> RUN_JVM_OPTIONS = List.of("-Xmx512m", "-XX:+ExitOnOutOfMemoryError");

    private PackagedServices() {
    }

    /**
     * @param name     names the process in messages and its log file
     * @param workerId the worker's id, which it reports with every result
     */
    public static ServiceProcess startWorker(String name, String workerId) {
        // A free port for its health endpoints, so that several workers never collide.
        return start(WORKER_JAR, name, Map.of("npuzzle.worker.id", workerId, "quarkus.http.port", "0"));
    }

    /**
     * A worker with the JVM options and heap that {@code bin/run} gives it, its health endpoints on the given port.
     *
     * @param settings more configuration, overriding the defaults
     */
    public static ServiceProcess startWorkerAsRun(String name, int port, Map<String, String> settings) {
        Map<String, String> config = new HashMap<>(TestInfrastructure.shared().serviceConfig());
        config.put("npuzzle.worker.id", name);
        config.put("quarkus.http.port", Integer.toString(port));
        config.putAll(settings);
        return ServiceProcess.start(WORKER_JAR, name, RUN_JVM_OPTIONS, config);
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
