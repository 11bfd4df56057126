package io.npuzzle.worker.messaging;

import io.npuzzle.protocol.Topics;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;
import jakarta.enterprise.context.ApplicationScoped;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Message;

import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * Sends a refused heavy request to the dead-letter topic as it was sent, with the headers the connector's own
 * dead-letter strategy writes for the quick lane, so that both lanes' refusals read alike.
 */
@ApplicationScoped
public class DeadLetters {

    private final MutinyEmitter<String> deadLetters;

    DeadLetters(@Channel("dead-letters") MutinyEmitter<String> deadLetters) {
        this.deadLetters = deadLetters;
    }

    /** Returns once the broker has the record. */
    public void send(ConsumerRecord<String, String> refused, Throwable reason) {
        RecordHeaders headers = new RecordHeaders(refused.headers().toArray());
        header(headers, "dead-letter-reason", Objects.toString(reason.getMessage(), reason.getClass().getName()));
        header(headers, "dead-letter-exception-class-name", reason.getClass().getName());
        header(headers, "dead-letter-topic", refused.topic());
        header(headers, "dead-letter-partition", Integer.toString(refused.partition()));
        header(headers, "dead-letter-offset", Long.toString(refused.offset()));
        OutgoingKafkaRecordMetadata.OutgoingKafkaRecordMetadataBuilder<String> metadata =
                OutgoingKafkaRecordMetadata.<String>builder().withTopic(Topics.DEAD_LETTERS).withHeaders(headers);
        if (refused.key() != null) {
            metadata.withKey(refused.key());
        }
        // A record without a value (a tombstone) is sent on as an empty one: a message must carry a payload.
        deadLetters.sendMessageAndAwait(Message.of(Objects.requireNonNullElse(refused.value(), ""))
                .addMetadata(metadata.build()));
    }

    private static void header(RecordHeaders headers, String name, String value) {
        headers.remove(name);
        headers.add(name, value.getBytes(StandardCharsets.UTF_8));
    }
}
