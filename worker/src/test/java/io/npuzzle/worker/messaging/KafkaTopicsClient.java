package io.npuzzle.worker.messaging;

import io.npuzzle.protocol.SolveOutcome;
import io.npuzzle.protocol.SolveRequest;
import io.npuzzle.protocol.Topics;
import io.npuzzle.runtime.json.JsonCodec;
import io.npuzzle.testsupport.TestInfrastructure;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/** Plays the API's part on the topics: sends requests and reads the outcomes that the worker publishes. */
public final class KafkaTopicsClient implements AutoCloseable {

    private final JsonCodec json;
    private final KafkaProducer<String, String> producer;
    private final KafkaConsumer<String, String> consumer;
    private final List<SolveOutcome> seen = new ArrayList<>();

    public KafkaTopicsClient(JsonCodec json) {
        this.json = json;
        String servers = TestInfrastructure.shared().kafka().bootstrapServers();
        producer = new KafkaProducer<>(Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, servers),
                new StringSerializer(), new StringSerializer());
        consumer = new KafkaConsumer<>(Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, servers,
                ConsumerConfig.GROUP_ID_CONFIG, "test-" + UUID.randomUUID(),
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest"), new StringDeserializer(), new StringDeserializer());
        consumer.subscribe(List.of(Topics.RESULTS));
    }

    public RecordMetadata send(SolveRequest request) throws Exception {
        return sendRaw(request.key(), json.write(request));
    }

    RecordMetadata sendRaw(String key, String value) throws Exception {
        return sendRaw(Topics.REQUESTS, key, value);
    }

    public RecordMetadata sendRaw(String topic, String key, String value) throws Exception {
        return producer.send(new ProducerRecord<>(topic, key, value)).get(10, TimeUnit.SECONDS);
    }

    /** The first {@code count} records of the dead-letter topic, or fewer when the timeout passes first. */
    static List<ConsumerRecord<String, String>> deadLetters(int count, Duration timeout) {
        return deadLetters(Topics.DEAD_LETTERS, count, timeout);
    }

    /** The first {@code count} records of {@code topic}, or fewer when the timeout passes first. */
    public static List<ConsumerRecord<String, String>> deadLetters(String topic, int count, Duration timeout) {
        List<ConsumerRecord<String, String>> records = new ArrayList<>();
        try (KafkaConsumer<String, String> dlq = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, TestInfrastructure.shared().kafka().bootstrapServers(),
                ConsumerConfig.GROUP_ID_CONFIG, "test-" + UUID.randomUUID(),
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest"), new StringDeserializer(), new StringDeserializer())) {
            dlq.subscribe(List.of(topic));
            long deadline = System.nanoTime() + timeout.toNanos();
            while (records.size() < count && System.nanoTime() < deadline) {
                dlq.poll(Duration.ofMillis(100)).forEach(records::add);
            }
        }
        return records;
    }

    /** All outcomes seen so far, once {@code done} holds for them or the timeout has passed. */
    public List<SolveOutcome> awaitOutcomes(Predicate<List<SolveOutcome>> done, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!done.test(seen) && System.nanoTime() < deadline) {
            for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(100))) {
                seen.add(json.read(record.value(), SolveOutcome.class));
            }
        }
        return List.copyOf(seen);
    }

    public static Predicate<List<SolveOutcome>> containsAll(List<String> jobIds) {
        return outcomes -> jobIds.stream().allMatch(id -> outcomes.stream().anyMatch(o -> o.jobId().equals(id)));
    }

    @Override
    public void close() {
        producer.close();
        consumer.close();
    }
}
