package io.npuzzle.worker.messaging;

import io.npuzzle.protocol.Topics;
import io.npuzzle.runtime.traces.ServiceSpans;
import io.npuzzle.worker.jobs.JobFlow;
import io.npuzzle.worker.lifecycle.GracefulStop;
import io.npuzzle.worker.lifecycle.UntilAvailable;
import io.npuzzle.worker.solve.InFlightPlaces;
import io.opentelemetry.context.Context;
import io.smallrye.reactive.messaging.TracingMetadata;
import io.smallrye.reactive.messaging.annotations.Blocking;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.jboss.logging.Logger;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Consumes the quick lane's solve requests, a classic consumer group, concurrently on the {@code solvers} pool.
 * A request is acknowledged, and its offset becomes committable, only once its outcome has been acknowledged by
 * the broker, so a crash at any point leads to redelivery, never to a lost job; a refused record goes to the
 * dead-letter topic with the reason in its headers. Heavy requests come through {@link HeavyLane} instead, so that
 * heavy searches never hold up quick jobs.
 */
@ApplicationScoped
public class SolveRequestConsumer {

    private static final Logger LOG = Logger.getLogger(SolveRequestConsumer.class);
    private static final CompletionStage<Void> LEFT_UNACKNOWLEDGED = CompletableFuture.completedFuture(null);

    private final RequestHandling handling;

    @Inject
    SolveRequestConsumer(RequestHandling handling) {
        this.handling = handling;
    }

    SolveRequestConsumer(SolveRequestDecoder decoder, JobFlow flow, InFlightPlaces places,
                         UntilAvailable untilAvailable, GracefulStop stop, OutcomePublisher publisher,
                         String workerId) {
        this(new RequestHandling(decoder, flow, places, untilAvailable, stop, publisher, workerId, ServiceSpans.off()));
    }

    @Incoming("solve-requests")
    @Blocking(value = "solvers", ordered = false)
    public CompletionStage<Void> onRequest(Message<String> record) {
        // The connector's span of the record's receipt, where it traces the channel.
        Context trace = TracingMetadata.fromMessage(record).map(TracingMetadata::getCurrentContext)
                .orElse(Context.root());
        RequestHandling.Verdict verdict = handling.handle(record.getPayload(), trace);
        if (verdict instanceof RequestHandling.Verdict.LeftForRedelivery left) {
            // Left unacknowledged, so its offset is never committed: the partition's next owner gets it again.
            LOG.infof("left a request for redelivery: %s", left.reason());
            return LEFT_UNACKNOWLEDGED;
        }
        if (verdict instanceof RequestHandling.Verdict.Refused refused) {
            LOG.warnf("refused a record, sending it to %s: %s", Topics.DEAD_LETTERS, refused.reason().getMessage());
            return record.nack(refused.reason());
        }
        return record.ack();
    }
}
