package io.npuzzle.api.messaging;

import io.npuzzle.protocol.SolveRequest;
import io.npuzzle.protocol.Topics;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;
import jakarta.enterprise.context.ApplicationScoped;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.eclipse.microprofile.reactive.messaging.OnOverflow;

import java.nio.charset.StandardCharsets;

/**
 * Publishes accepted jobs to the requests topic, keyed by canonical puzzle so identical boards meet on one
 * worker, with the job id in a header for tracing.
 */
@ApplicationScoped
public class SolveRequestPublisher {

    private final MutinyEmitter<SolveRequest> requests;

    SolveRequestPublisher(@Channel("solve-requests") @OnOverflow(value = OnOverflow.Strategy.BUFFER, bufferSize = 8192)
                          MutinyEmitter<SolveRequest> requests) {
        this.requests = requests;
    }

    /** Completes once the broker has the request, so an accepted job is never only in memory. */
    public Uni<Void> publish(SolveRequest request) {
        return requests.sendMessage(Message.of(request).addMetadata(OutgoingKafkaRecordMetadata.<String>builder()
                .withKey(request.key())
                .withHeaders(new RecordHeaders().add(Topics.JOB_ID_HEADER,
                        request.jobId().getBytes(StandardCharsets.US_ASCII)))
                .build()));
    }
}
