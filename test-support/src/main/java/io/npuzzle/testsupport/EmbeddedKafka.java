package io.npuzzle.testsupport;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.utils.Exit;
import org.apache.kafka.common.test.TestKitNodes;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * A real single-node KRaft broker (one combined broker and controller) running inside the test JVM, with the
 * service's topics created.
 */
public final class EmbeddedKafka implements AutoCloseable {

    /** Enough partitions that two workers share the requests topic. */
    public static final int PARTITIONS = 4;

    /** Held so the levels stay set: the log manager keeps loggers only weakly. */
    private static final List<Logger> QUIET_LOGGERS = List.of(
            Logger.getLogger("kafka"), Logger.getLogger("org.apache.kafka"), Logger.getLogger("state.change.logger"));

    private final KafkaClusterTestKit cluster;

    private EmbeddedKafka(KafkaClusterTestKit cluster) {
        this.cluster = cluster;
    }

    public static EmbeddedKafka start() {
        QUIET_LOGGERS.forEach(logger -> logger.setLevel(Level.WARNING));
        // The broker exits or halts its process on some failures; in a test JVM that would end the test run
        // with a bare exit code, so report the attempt instead.
        Exit.setExitProcedure((status, message) -> System.err.println("embedded Kafka wanted to exit with "
                + status + ": " + message));
        Exit.setHaltProcedure((status, message) -> System.err.println("embedded Kafka wanted to halt with "
                + status + ": " + message));
        try {
            KafkaClusterTestKit.Builder builder = new KafkaClusterTestKit.Builder(new TestKitNodes.Builder()
                    .setCombined(true)
                    .setNumBrokerNodes(1)
                    .setNumControllerNodes(1)
                    .build())
                    .setConfigProp("default.replication.factor", "1");
            SingleNodeBroker.CONFIG.forEach(builder::setConfigProp);
            KafkaClusterTestKit cluster = builder.build();
            cluster.format();
            cluster.startup();
            cluster.waitForReadyBrokers();
            EmbeddedKafka kafka = new EmbeddedKafka(cluster);
            kafka.createTopics();
            return kafka;
        } catch (Exception e) {
            throw new IllegalStateException("could not start the embedded Kafka broker", e);
        }
    }

    public String bootstrapServers() {
        return cluster.bootstrapServers();
    }

    public Admin admin() {
        return Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers()));
    }

    private void createTopics() throws Exception {
        try (Admin admin = admin()) {
            admin.createTopics(ServiceTopics.all(PARTITIONS))
                    .all().get(30, TimeUnit.SECONDS);
        }
    }

    @Override
    public void close() throws Exception {
        cluster.close();
    }
}
