package io.npuzzle.deploy.k8s;

import io.npuzzle.deploy.Repository;
import io.npuzzle.deploy.RootPom;
import io.npuzzle.deploy.app.AppModule;
import io.npuzzle.protocol.Topics;
import io.strimzi.api.kafka.model.kafka.Kafka;
import io.strimzi.api.kafka.model.kafka.KafkaClusterSpec;
import io.strimzi.api.kafka.model.kafka.listener.GenericKafkaListener;
import io.strimzi.api.kafka.model.nodepool.KafkaNodePool;
import io.strimzi.api.kafka.model.nodepool.ProcessRoles;
import io.strimzi.api.kafka.model.topic.KafkaTopic;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The Strimzi resources form a KRaft cluster of the v1 API that carries every topic the apps use. */
class KafkaTopologyTest {

    private static final String CLUSTER_LABEL = "strimzi.io/cluster";

    @ParameterizedTest
    @FieldSource("io.npuzzle.deploy.k8s.Kustomize#OVERLAYS")
    void kafkaIsAKraftClusterOfTheV1Api(String overlay) {
        List<Kafka> clusters = RenderedOverlay.of(overlay).all(Kafka.class);
        assertEquals(1, clusters.size(), "one Kafka cluster");
        Kafka kafka = clusters.get(0);
        // v1 drops ZooKeeper and moves replicas and storage into node pools; the shared model still has them.
        assertNull(kafka.getSpec().getZookeeper(), "spec.zookeeper does not exist in v1");
        assertNull(kafka.getSpec().getJmxTrans(), "spec.jmxTrans does not exist in v1");
        KafkaClusterSpec spec = kafka.getSpec().getKafka();
        assertNull(spec.getReplicas(), "spec.kafka.replicas belongs to the node pools in v1");
        assertNull(spec.getStorage(), "spec.kafka.storage belongs to the node pools in v1");
        List<GenericKafkaListener> listeners = spec.getListeners();
        assertTrue(listeners != null && !listeners.isEmpty(), "spec.kafka.listeners is required");
        assertEquals(listeners.size(), listeners.stream().map(GenericKafkaListener::getName).distinct().count());
        assertNotNull(kafka.getSpec().getEntityOperator().getTopicOperator(),
                "without the topic operator the KafkaTopics are never created");
        assertEquals(RootPom.minor(RootPom.property("kafka.version")), RootPom.minor(spec.getVersion()),
                "the broker runs the kafka-clients line the apps use");
    }

    @ParameterizedTest
    @FieldSource("io.npuzzle.deploy.k8s.Kustomize#OVERLAYS")
    void nodePoolsGiveAControllerQuorumAndBrokers(String overlay) {
        RenderedOverlay rendered = RenderedOverlay.of(overlay);
        String cluster = rendered.all(Kafka.class).get(0).getMetadata().getName();
        List<KafkaNodePool> pools = rendered.all(KafkaNodePool.class);
        for (KafkaNodePool pool : pools) {
            assertEquals(cluster, pool.getMetadata().getLabels().get(CLUSTER_LABEL), pool.getMetadata().getName());
            assertTrue(pool.getSpec().getReplicas() >= 1, "spec.replicas is required");
            assertNotNull(pool.getSpec().getStorage(), "spec.storage is required");
            assertTrue(pool.getSpec().getRoles() != null && !pool.getSpec().getRoles().isEmpty(), "spec.roles");
        }
        int controllers = nodes(pools, ProcessRoles.CONTROLLER);
        assertTrue(controllers % 2 == 1, "an odd number of controllers keeps a quorum: " + controllers);
        assertTrue(nodes(pools, ProcessRoles.BROKER) >= 1, "brokers");
    }

    @ParameterizedTest
    @FieldSource("io.npuzzle.deploy.k8s.Kustomize#OVERLAYS")
    void replicationFitsTheBrokers(String overlay) {
        RenderedOverlay rendered = RenderedOverlay.of(overlay);
        int brokers = nodes(rendered.all(KafkaNodePool.class), ProcessRoles.BROKER);
        Map<String, Object> config = rendered.all(Kafka.class).get(0).getSpec().getKafka().getConfig();
        for (String factor : List.of("offsets.topic.replication.factor", "transaction.state.log.replication.factor",
                "share.coordinator.state.topic.replication.factor", "default.replication.factor")) {
            assertNotNull(config.get(factor), factor + ": Kafka's default wants three brokers");
            assertTrue(number(config.get(factor)) <= brokers, factor + " > " + brokers + " brokers");
        }
        // A share group (the heavy lane) never becomes ready while its state topic cannot be written.
        for (String stateTopic : List.of("transaction.state.log", "share.coordinator.state.topic")) {
            int replicas = number(config.get(stateTopic + ".replication.factor"));
            Object minInSync = config.get(stateTopic + ".min.isr");
            assertNotNull(minInSync, stateTopic + ".min.isr: Kafka's default wants two replicas");
            assertTrue(replicas == 1 ? number(minInSync) == 1 : number(minInSync) < replicas,
                    stateTopic + ": min.isr " + minInSync + " of " + replicas + " replicas");
        }
        for (KafkaTopic topic : rendered.all(KafkaTopic.class)) {
            String name = topic.getMetadata().getName();
            assertNotNull(topic.getSpec().getPartitions(), name + ": partitions");
            int replicas = topic.getSpec().getReplicas();
            assertTrue(replicas <= brokers, name + ": " + replicas + " replicas on " + brokers + " brokers");
            Object minInSync = topic.getSpec().getConfig().getOrDefault("min.insync.replicas",
                    config.get("min.insync.replicas"));
            // With more than one replica, writes must survive one broker down (a rolling update).
            assertTrue(replicas == 1 || number(minInSync) < replicas, name + ": min.insync.replicas " + minInSync);
        }
    }

    @ParameterizedTest
    @FieldSource("io.npuzzle.deploy.k8s.Kustomize#OVERLAYS")
    void everyTopicOfTheAppsIsDeclared(String overlay) {
        RenderedOverlay rendered = RenderedOverlay.of(overlay);
        String cluster = rendered.all(Kafka.class).get(0).getMetadata().getName();
        Set<String> declared = new TreeSet<>();
        for (KafkaTopic topic : rendered.all(KafkaTopic.class)) {
            assertEquals(cluster, topic.getMetadata().getLabels().get(CLUSTER_LABEL), topic.getMetadata().getName());
            assertTrue(declared.add(TopicNames.of(topic)), "declared twice: " + TopicNames.of(topic));
        }
        Set<String> used = new TreeSet<>();
        for (String module : Repository.APPS) {
            AppModule app = AppModule.of(module);
            Stream.of("incoming", "outgoing").forEach(direction -> used.addAll(app.topics(direction).values()));
        }
        assertEquals(used, declared, "the KafkaTopics are exactly the apps' topics");
    }

    /** The heavy lane's share group gives a partition to every member only while the members outnumber them. */
    @ParameterizedTest
    @FieldSource("io.npuzzle.deploy.k8s.Kustomize#OVERLAYS")
    void theHeavyRequestsTopicHasThePartitionsEveryWorkerShares(String overlay) {
        KafkaTopic heavy = RenderedOverlay.of(overlay).all(KafkaTopic.class).stream()
                .filter(topic -> TopicNames.of(topic).equals(Topics.HEAVY_REQUESTS)).findFirst().orElseThrow();
        assertEquals(Topics.HEAVY_REQUESTS_PARTITIONS, heavy.getSpec().getPartitions());
    }

    /**
     * Declaring every topic the apps name cannot catch a name spelt two ways, one by the writer and one by the
     * reader: each would be declared, and the reader would wait on a topic nobody fills.
     */
    @Test
    void everyTopicAnAppReadsIsOneAnAppWrites() {
        Set<String> written = new TreeSet<>();
        Map<String, String> readers = new TreeMap<>();
        for (String module : Repository.APPS) {
            AppModule app = AppModule.of(module);
            written.addAll(app.topics("outgoing").values());
            app.topics("incoming").forEach((channel, topic) -> readers.put(topic, module + " (channel " + channel + ")"));
        }
        readers.forEach((topic, reader) ->
                assertTrue(written.contains(topic), reader + " reads " + topic + ", which no app writes"));
    }

    private static int nodes(List<KafkaNodePool> pools, ProcessRoles role) {
        return pools.stream().filter(pool -> pool.getSpec().getRoles().contains(role))
                .mapToInt(pool -> pool.getSpec().getReplicas()).sum();
    }

    private static int number(Object value) {
        return Integer.parseInt(String.valueOf(value));
    }
}
