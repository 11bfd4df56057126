package io.npuzzle.worker.messaging;

import io.npuzzle.protocol.SolveOutcome;
import io.npuzzle.protocol.Topics;
import io.npuzzle.runtime.json.JsonCodec;
import io.opentelemetry.context.Context;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.TracingMetadata;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;
import jakarta.enterprise.context.ApplicationScoped;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Message;

import java.nio.charset.StandardCharsets;

/**
 * Publishes outcomes on the results topic, keyed and headed by job id, and waits for the broker's
 * acknowledgement: only then may the request's offset be committed. An outcome carries the trace context of the
 * job's handling back to the API. It travels as the text the codec writes, so that its encoding is counted.
 */
@ApplicationScoped
public class KafkaOutcomePublisher implements OutcomePublisher {

    private final MutinyEmitter<String> results;
    private final JsonCodec json;

    KafkaOutcomePublisher(@Channel("solve-results") MutinyEmitter<String> results, JsonCodec json) {
        this.results = results;
        this.json = json;
    }

    @Override
    public void publish(SolveOutcome outcome) {
        results.sendMessageAndAwait(Message.of(json.write(outcome)).addMetadata(OutgoingKafkaRecordMetadata
                .<String>builder().withKey(outcome.jobId())
                .withHeaders(new RecordHeaders().add(Topics.JOB_ID_HEADER,
                        outcome.jobId().getBytes(StandardCharsets.US_ASCII)))
                .build())
                // Taken here, on the handling's thread: a message the emitter buffers is sent from another.
                .addMetadata(TracingMetadata.withCurrent(Context.current())));
    }
}
