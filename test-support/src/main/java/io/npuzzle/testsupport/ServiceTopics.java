package io.npuzzle.testsupport;

import io.npuzzle.protocol.Topics;
import org.apache.kafka.clients.admin.NewTopic;

import java.util.List;

/**
 * The service's topics as a test broker creates them: dead-letter topics with one partition, the heavy lane with its
 * own count, the others more.
 */
final class ServiceTopics {

    private ServiceTopics() {
    }

    static List<NewTopic> all(int partitions) {
        List<String> deadLetters = List.of(Topics.DEAD_LETTERS, Topics.SEARCH_DEAD_LETTERS);
        return Topics.ALL.stream()
                .map(topic -> new NewTopic(topic, partitionsOf(topic, deadLetters, partitions), (short) 1))
                .toList();
    }

    private static int partitionsOf(String topic, List<String> deadLetters, int partitions) {
        if (topic.equals(Topics.HEAVY_REQUESTS)) {
            return Topics.HEAVY_REQUESTS_PARTITIONS;
        }
        return deadLetters.contains(topic) ? 1 : partitions;
    }
}
