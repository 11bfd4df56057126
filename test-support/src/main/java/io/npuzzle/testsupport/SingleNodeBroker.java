package io.npuzzle.testsupport;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** Broker settings that both test brokers ({@link EmbeddedKafka}, {@link KafkaBrokerProcess}) share. */
final class SingleNodeBroker {

    /**
     * Kafka's internal topics sized for one node (their defaults want three replicas, and a share group never
     * becomes ready while its state topic cannot be created or written), groups that start at once, and a share
     * group lock floor low enough for tests to use a lock of a second or two (Kafka's floor is 15 s).
     */
    static final Map<String, String> CONFIG = config();

    private SingleNodeBroker() {
    }

    private static Map<String, String> config() {
        Map<String, String> config = new LinkedHashMap<>();
        config.put("offsets.topic.replication.factor", "1");
        config.put("offsets.topic.num.partitions", "1");
        config.put("transaction.state.log.replication.factor", "1");
        config.put("transaction.state.log.min.isr", "1");
        config.put("share.coordinator.state.topic.replication.factor", "1");
        config.put("share.coordinator.state.topic.min.isr", "1");
        config.put("group.initial.rebalance.delay.ms", "0");
        config.put("group.share.min.record.lock.duration.ms", "1000");
        return Collections.unmodifiableMap(config);
    }
}
