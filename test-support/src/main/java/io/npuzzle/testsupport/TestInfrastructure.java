package io.npuzzle.testsupport;

import java.nio.file.Path;
import java.util.Map;

/**
 * One Kafka broker and one Redis server per test JVM, started on first use and stopped when the JVM exits, so
 * every test class and every Quarkus restart in the JVM shares them.
 */
public final class TestInfrastructure {

    /** Where servers and service processes write their logs and data. */
    public static final Path WORK_DIR = Path.of("target", "test-infra");

    private static TestInfrastructure shared;

    private final EmbeddedKafka kafka;
    private final RedisServer redis;

    private TestInfrastructure(EmbeddedKafka kafka, RedisServer redis) {
        this.kafka = kafka;
        this.redis = redis;
    }

    public static synchronized TestInfrastructure shared() {
        if (shared == null) {
            RedisServer redis = RedisServer.start(WORK_DIR);
            EmbeddedKafka kafka = EmbeddedKafka.start();
            shared = new TestInfrastructure(kafka, redis);
            // Normally stopped by InfrastructureShutdown at the end of the test run; this covers aborted runs.
            Runtime.getRuntime().addShutdownHook(new Thread(TestInfrastructure::stopShared, "test-infrastructure-stop"));
        }
        return shared;
    }

    /** Stops the shared servers, if they were started and are still running. */
    public static synchronized void stopShared() {
        if (shared != null) {
            shared.stop();
            shared = null;
        }
    }

    public EmbeddedKafka kafka() {
        return kafka;
    }

    public RedisServer redis() {
        return redis;
    }

    /** Configuration that points a Quarkus service (in this JVM or a child process) at these servers. */
    public Map<String, String> serviceConfig() {
        return Map.of(
                "kafka.bootstrap.servers", kafka.bootstrapServers(),
                "quarkus.redis.hosts", redis.url(),
                "quarkus.devservices.enabled", "false");
    }

    private void stop() {
        try {
            kafka.close();
        } catch (Exception e) {
            System.err.println("stopping the embedded Kafka broker failed: " + e);
        }
        redis.close();
    }
}
