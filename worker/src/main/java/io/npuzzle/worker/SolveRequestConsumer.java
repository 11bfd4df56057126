package io.npuzzle.worker;

import io.npuzzle.protocol.JobIds;
import io.npuzzle.protocol.SolveOutcome;
import io.npuzzle.protocol.SolveRequest;
import io.npuzzle.protocol.Topics;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.annotations.Blocking;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;
import jakarta.enterprise.context.ApplicationScoped;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.jboss.logging.Logger;
import org.jboss.logging.MDC;

import java.nio.charset.StandardCharsets;

/**
 * Consumes solve requests and publishes their outcomes. Requests are handled concurrently on the
 * {@code solvers} pool; a request is acknowledged, and its offset becomes committable, only once its outcome
 * has been acknowledged by the broker, so a crash at any point leads to redelivery, never to a lost job.
 */
@ApplicationScoped
public class SolveRequestConsumer {

    private static final Logger LOG = Logger.getLogger(SolveRequestConsumer.class);

    private final JobProcessor processor;
    private final MutinyEmitter<SolveOutcome> results;

    SolveRequestConsumer(JobProcessor processor, @Channel("solve-results") MutinyEmitter<SolveOutcome> results) {
        this.processor = processor;
        this.results = results;
    }

    @Incoming("solve-requests")
    @Blocking(value = "solvers", ordered = false)
    public void onRequest(SolveRequest request) {
        if (request == null || !JobIds.isWellFormed(request.jobId())) {
            LOG.warn("skipping a record that is not a solve request");
            return;
        }
        MDC.put(JobIds.LOG_KEY, request.jobId());
        try {
            SolveOutcome outcome = processor.process(request);
            if (outcome != null) {
                results.sendMessageAndAwait(Message.of(outcome).addMetadata(OutgoingKafkaRecordMetadata.<String>builder()
                        .withKey(outcome.jobId())
                        .withHeaders(new RecordHeaders().add(Topics.JOB_ID_HEADER,
                                outcome.jobId().getBytes(StandardCharsets.US_ASCII)))
                        .build()));
                LOG.debugf("published %s", outcome.status());
            }
        } finally {
            MDC.remove(JobIds.LOG_KEY);
        }
    }
}
