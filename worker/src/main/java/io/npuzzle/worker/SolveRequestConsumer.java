package io.npuzzle.worker;

import io.npuzzle.protocol.JobIds;
import io.npuzzle.protocol.Problem;
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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Consumes solve requests and publishes their outcomes. Requests are handled concurrently on the
 * {@code solvers} pool; a request is acknowledged, and its offset becomes committable, only once its outcome
 * has been acknowledged by the broker, so a crash at any point leads to redelivery, never to a lost job. Steps
 * that need Redis or Kafka are retried until they succeed; a record that is not a workable request is refused
 * and goes to the dead-letter topic with the reason in its headers. Quick and heavy requests come on topics and
 * thread pools of their own, so that heavy searches never hold up quick jobs. Nothing one job throws, an
 * {@link Error} included, stops the consumer: the job ends FAILED and the next one is taken.
 */
@ApplicationScoped
public class SolveRequestConsumer {

    private static final Logger LOG = Logger.getLogger(SolveRequestConsumer.class);

    private final SolveRequestDecoder decoder;
    private final JobProcessor processor;
    private final UntilAvailable untilAvailable;
    private final GracefulStop stop;
    private final MutinyEmitter<SolveOutcome> results;
    private final String worker;

    SolveRequestConsumer(SolveRequestDecoder decoder, JobProcessor processor, UntilAvailable untilAvailable,
                         GracefulStop stop, @Channel("solve-results") MutinyEmitter<SolveOutcome> results,
                         WorkerIdentity identity) {
        this.decoder = decoder;
        this.processor = processor;
        this.untilAvailable = untilAvailable;
        this.stop = stop;
        this.results = results;
        this.worker = identity.id();
    }

    @Incoming("solve-requests")
    @Blocking(value = "solvers", ordered = false)
    public CompletionStage<Void> onRequest(Message<String> record) {
        return handle(record);
    }

    @Incoming("heavy-solve-requests")
    @Blocking(value = "heavy-solvers", ordered = false)
    public CompletionStage<Void> onHeavyRequest(Message<String> record) {
        return handle(record);
    }

    private CompletionStage<Void> handle(Message<String> record) {
        if (!stop.take()) {
            // Stopping: left unacknowledged, so the partition's next owner gets it.
            return CompletableFuture.completedFuture(null);
        }
        try {
            SolveRequest request = decoder.decode(record.getPayload());
            MDC.put(JobIds.LOG_KEY, request.jobId());
            SolveOutcome outcome = outcome(request);
            if (outcome != null) {
                untilAvailable.run("publishing the outcome of job " + request.jobId(), () -> publish(outcome));
                LOG.debugf("published %s", outcome.status());
            }
            return record.ack();
        } catch (PoisonRecordException e) {
            LOG.warnf("refused a record, sending it to %s: %s", Topics.DEAD_LETTERS, e.getMessage());
            return record.nack(e);
        } catch (UntilAvailable.Stopping e) {
            // Left unacknowledged, so its offset is never committed: the partition's next owner gets it again.
            LOG.infof("left a request for redelivery: %s", e.getMessage());
            return CompletableFuture.completedFuture(null);
        } catch (RuntimeException | Error e) {
            // Publishing itself failed past its retries: the record goes to the dead-letter topic, the consumer lives.
            LOG.errorf(e, "could not finish a record, sending it to %s", Topics.DEAD_LETTERS);
            return record.nack(e);
        } finally {
            MDC.remove(JobIds.LOG_KEY);
            stop.done();
        }
    }

    /** The job's outcome; FAILED when processing it threw what no retry mends (an {@link Error}). */
    private SolveOutcome outcome(SolveRequest request) {
        try {
            return untilAvailable.run("job " + request.jobId(), () -> processor.process(request));
        } catch (Error e) {
            LOG.errorf(e, "the job failed unexpectedly");
            return SolveOutcome.failed(request.jobId(), Problem.solverError("the worker failed on this job ("
                    + e.getClass().getSimpleName() + ")"), worker);
        }
    }

    private Void publish(SolveOutcome outcome) {
        results.sendMessageAndAwait(Message.of(outcome).addMetadata(OutgoingKafkaRecordMetadata.<String>builder()
                .withKey(outcome.jobId())
                .withHeaders(new RecordHeaders().add(Topics.JOB_ID_HEADER,
                        outcome.jobId().getBytes(StandardCharsets.US_ASCII)))
                .build()));
        return null;
    }
}
