package io.npuzzle.testsupport;

import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A consumer-group member that takes every partition of a topic and then stops without leaving the group, as a
 * killed process does: the broker keeps it, with its partitions, until its session times out.
 */
public final class LingeringMember {

    private LingeringMember() {
    }

    /**
     * Joins {@code group} on {@code topic} with the given session timeout, waits until it holds partitions, and
     * stops without a word to the broker.
     */
    public static void leaveBehind(String bootstrapServers, String group, String topic, Duration session) {
        Map<String, Object> config = Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                ConsumerConfig.GROUP_ID_CONFIG, group,
                ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, (int) session.toMillis(),
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false,
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class,
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(config)) {
            consumer.subscribe(List.of(topic));
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (consumer.assignment().isEmpty()) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("no partitions of " + topic + " assigned in group " + group);
                }
                consumer.poll(Duration.ofMillis(200));
            }
            consumer.close(CloseOptions.groupMembershipOperation(CloseOptions.GroupMembershipOperation.REMAIN_IN_GROUP));
        }
    }
}
