package io.npuzzle.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.npuzzle.protocol.Topics;
import io.npuzzle.testsupport.JobsClient;
import io.npuzzle.testsupport.TestInfrastructure;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.awaitility.Awaitility;

import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * What the workers published on the results topic about some jobs: the distinct results of each (a redelivered
 * job may be published twice, but never with two different answers) and which workers published them.
 */
public record SolveResults(Map<String, Set<String>> resultsOfJob, Set<String> workers) {

    /** Reads the whole results topic, keeping what it says about the given jobs. */
    public static SolveResults of(Collection<String> jobIds) {
        Set<String> wanted = new HashSet<>(jobIds);
        Map<String, Set<String>> resultsOfJob = new HashMap<>();
        Set<String> workers = new HashSet<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, TestInfrastructure.shared().kafka().bootstrapServers(),
                ConsumerConfig.GROUP_ID_CONFIG, "it-" + UUID.randomUUID(),
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest"),
                new StringDeserializer(), new StringDeserializer())) {
            consumer.subscribe(List.of(Topics.RESULTS));
            int emptyPolls = 0;
            while (emptyPolls < 5) {
                var batch = consumer.poll(Duration.ofMillis(500));
                emptyPolls = batch.isEmpty() ? emptyPolls + 1 : 0;
                for (ConsumerRecord<String, String> record : batch) {
                    JsonNode outcome = JobsClient.read(record.value());
                    String job = outcome.get("jobId").asText();
                    if (wanted.contains(job)) {
                        // Whether an answer came from the cache is not part of the answer.
                        resultsOfJob.computeIfAbsent(job, k -> new HashSet<>()).add(outcome.get("result").toString()
                                .replace("\"cached\":true", "\"cached\":false"));
                        workers.add(outcome.get("worker").asText());
                    }
                }
            }
        }
        return new SolveResults(resultsOfJob, workers);
    }

    public boolean oneResultPerJob() {
        return resultsOfJob.values().stream().allMatch(results -> results.size() == 1);
    }

    /** Waits until the given number of workers are in the workers' group, each owning requests partitions. */
    public static void awaitWorkersSharingThePartitions(int workers, Duration timeout) {
        awaitWorkersSharingThePartitions(Topics.WORKER_GROUP, workers, timeout);
    }

    /** Waits until the given number of workers are in the consumer group, each owning partitions of its topic. */
    public static void awaitWorkersSharingThePartitions(String groupId, int workers, Duration timeout) {
        try (Admin admin = TestInfrastructure.shared().kafka().admin()) {
            Awaitility.await(workers + " workers own partitions in " + groupId).atMost(timeout).until(() -> {
                ConsumerGroupDescription group = admin.describeConsumerGroups(List.of(groupId))
                        .all().get(10, TimeUnit.SECONDS).get(groupId);
                return group.members().size() == workers && group.members().stream()
                        .allMatch(member -> !member.assignment().topicPartitions().isEmpty());
            });
        }
    }
}
