package io.npuzzle.testsupport;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.Uuid;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A single-node KRaft broker in a process of its own, as {@code bin/run} runs one, for tests that stop and start
 * the broker: unlike {@link EmbeddedKafka} it comes back on the same port with its data. It runs from the test's
 * own class path, which holds the broker (the embedded broker's dependencies).
 */
public final class KafkaBrokerProcess implements AutoCloseable {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);

    private final Path workDir;
    private final Path config;
    private final int port;
    private volatile Process process;

    private KafkaBrokerProcess(Path workDir, int port) {
        this.workDir = workDir;
        this.config = workDir.resolve("server.properties");
        this.port = port;
    }

    /** Formats a fresh data directory in {@code workDir}, starts the broker and creates the service's topics. */
    public static KafkaBrokerProcess start(Path workDir) {
        KafkaBrokerProcess broker = new KafkaBrokerProcess(workDir, FreePorts.next());
        broker.configure(FreePorts.next());
        broker.launch();
        broker.createTopics();
        return broker;
    }

    public String bootstrapServers() {
        return "localhost:" + port;
    }

    /** Stops the broker as an operator does (SIGTERM: a controlled shutdown); {@link #restart()} brings it back. */
    public void stop() {
        process.destroy();
        try {
            if (!process.waitFor(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while stopping the broker", e);
        }
    }

    /** The running broker, to signal it together with other processes ({@link Stack#stopUncleanly}). */
    public ProcessHandle handle() {
        return process.toHandle();
    }

    /** Starts the broker again, on the same port, with its data. */
    public void restart() {
        if (process.isAlive()) {
            throw new IllegalStateException("the broker on port " + port + " is still running");
        }
        launch();
    }

    private void configure(int controllerPort) {
        Path data = workDir.resolve("data");
        List<String> lines = new ArrayList<>(List.of(
                "process.roles=broker,controller",
                "node.id=1",
                "controller.quorum.voters=1@localhost:" + controllerPort,
                "listeners=PLAINTEXT://localhost:" + port + ",CONTROLLER://localhost:" + controllerPort,
                "advertised.listeners=PLAINTEXT://localhost:" + port,
                "controller.listener.names=CONTROLLER",
                "listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT",
                "log.dirs=" + data.toAbsolutePath(),
                "auto.create.topics.enable=false"));
        SingleNodeBroker.CONFIG.forEach((name, value) -> lines.add(name + "=" + value));
        String properties = String.join("\n", lines) + "\n";
        try {
            Files.createDirectories(workDir);
            Files.writeString(config, properties);
            Process format = java("kafka.tools.StorageTool", "format", "--config", config.toString(),
                    "--cluster-id", clusterId()).start();
            if (!format.waitFor(START_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS) || format.exitValue() != 0) {
                throw new IllegalStateException("formatting the broker's storage failed; see " + log());
            }
        } catch (IOException e) {
            throw new IllegalStateException("could not prepare the broker in " + workDir, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while formatting the broker's storage", e);
        }
    }

    private void launch() {
        try {
            process = java("kafka.Kafka", config.toString()).start();
        } catch (IOException e) {
            throw new IllegalStateException("could not start the broker", e);
        }
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (!listening()) {
            if (!process.isAlive() || System.nanoTime() > deadline) {
                throw new IllegalStateException("the broker did not start on port " + port + "; see " + log());
            }
            Waits.pause(Duration.ofMillis(100));
        }
    }

    private ProcessBuilder java(String mainClass, String... args) {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx512m",
                "-cp", System.getProperty("java.class.path"), mainClass));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log().toFile()));
    }

    private Path log() {
        return workDir.resolve("broker.log");
    }

    private boolean listening() {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("localhost", port), 200);
            return true;
        } catch (IOException notYet) {
            return false;
        }
    }

    private void createTopics() {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers()))) {
            admin.createTopics(ServiceTopics.all(EmbeddedKafka.PARTITIONS))
                    .all().get(START_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("could not create the topics on the broker", e);
        }
    }

    /**
     * A KRaft cluster id as StorageTool random-uuid prints it. Kafka's own generator, not a home-made one: it never
     * starts an id with '-', which the storage tool's argument parser would take for an option (1 in 64 random ids).
     */
    static String clusterId() {
        return Uuid.randomUuid().toString();
    }

    @Override
    public void close() {
        if (process != null && process.isAlive()) {
            stop();
        }
    }
}
