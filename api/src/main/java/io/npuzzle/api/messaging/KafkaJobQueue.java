package io.npuzzle.api.messaging;

import io.npuzzle.api.jobs.JobQueue;
import io.npuzzle.core.solve.SolveCost;
import io.npuzzle.protocol.SolveRequest;
import io.npuzzle.protocol.Topics;
import io.npuzzle.runtime.json.Encoded;
import io.npuzzle.runtime.traces.TraceParents;
import io.opentelemetry.context.Context;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.TracingMetadata;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;
import jakarta.enterprise.context.ApplicationScoped;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.eclipse.microprofile.reactive.messaging.OnOverflow;

import java.nio.charset.StandardCharsets;

/**
 * Queues jobs on the requests topic of their {@link SolveCost}, keyed by canonical puzzle so identical boards meet
 * on one worker, with the job id in a header for tracing. Heavy jobs travel apart so that they queue among
 * themselves and never hold up quick ones. A request joins the trace of its job's submission, whenever it is sent:
 * at once, in its turn in its lane, or re-driven.
 */
@ApplicationScoped
public class KafkaJobQueue implements JobQueue {

    private final MutinyEmitter<String> quick;
    private final MutinyEmitter<String> heavy;

    KafkaJobQueue(@Channel("solve-requests") @OnOverflow(value = OnOverflow.Strategy.BUFFER, bufferSize = 8192)
                  MutinyEmitter<String> quick,
                  @Channel("heavy-solve-requests") @OnOverflow(value = OnOverflow.Strategy.BUFFER, bufferSize = 1024)
                  MutinyEmitter<String> heavy) {
        this.quick = quick;
        this.heavy = heavy;
    }

    /** Completes once the broker has the request. */
    @Override
    public Uni<Void> enqueue(Encoded<SolveRequest> encoded, SolveCost cost) {
        SolveRequest request = encoded.value();
        MutinyEmitter<String> lane = switch (cost) {
            case QUICK -> quick;
            case HEAVY -> heavy;
        };
        Context trace = request.traceparent() == null ? Context.current()
                : TraceParents.context(request.traceparent());
        return lane.sendMessage(Message.of(encoded.json()).addMetadata(OutgoingKafkaRecordMetadata.<String>builder()
                .withKey(request.key())
                .withHeaders(new RecordHeaders().add(Topics.JOB_ID_HEADER,
                        request.jobId().getBytes(StandardCharsets.US_ASCII)))
                .build()).addMetadata(TracingMetadata.withCurrent(trace)));
    }
}
