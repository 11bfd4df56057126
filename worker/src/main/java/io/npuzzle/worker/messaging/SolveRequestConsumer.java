package io.npuzzle.worker.messaging;

import io.npuzzle.protocol.JobIds;
import io.npuzzle.protocol.ProblemType;
import io.npuzzle.protocol.SolveOutcome;
import io.npuzzle.protocol.SolveRequest;
import io.npuzzle.protocol.Topics;
import io.npuzzle.worker.jobs.Handled;
import io.npuzzle.worker.jobs.JobFlow;
import io.npuzzle.worker.lifecycle.GracefulStop;
import io.npuzzle.worker.lifecycle.UntilAvailable;
import io.npuzzle.worker.lifecycle.WorkerIdentity;
import io.smallrye.reactive.messaging.annotations.Blocking;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.jboss.logging.Logger;
import org.jboss.logging.MDC;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Consumes solve requests and publishes their outcomes. Requests are handled concurrently on the
 * {@code solvers} pool; a request is acknowledged, and its offset becomes committable, only once its outcome
 * has been acknowledged by the broker, so a crash at any point leads to redelivery, never to a lost job. Steps
 * that need Redis or Kafka are retried until they succeed; a record that is not a workable request ends the job it
 * names FAILED when that job waits for an outcome, and is otherwise refused and goes to the dead-letter topic with
 * the reason in its headers. Quick and heavy requests come on topics and
 * thread pools of their own, so that heavy searches never hold up quick jobs. Nothing one job throws, an
 * {@link Error} included, stops the consumer: the job ends FAILED and the next one is taken.
 */
@ApplicationScoped
public class SolveRequestConsumer {

    private static final Logger LOG = Logger.getLogger(SolveRequestConsumer.class);
    private static final CompletionStage<Void> LEFT_UNACKNOWLEDGED = CompletableFuture.completedFuture(null);

    private final SolveRequestDecoder decoder;
    private final JobFlow flow;
    private final UntilAvailable untilAvailable;
    private final GracefulStop stop;
    private final OutcomePublisher publisher;
    private final String workerId;

    @Inject
    SolveRequestConsumer(SolveRequestDecoder decoder, JobFlow flow, UntilAvailable untilAvailable, GracefulStop stop,
                         OutcomePublisher publisher, WorkerIdentity identity) {
        this(decoder, flow, untilAvailable, stop, publisher, identity.id());
    }

    SolveRequestConsumer(SolveRequestDecoder decoder, JobFlow flow, UntilAvailable untilAvailable, GracefulStop stop,
                         OutcomePublisher publisher, String workerId) {
        this.decoder = decoder;
        this.flow = flow;
        this.untilAvailable = untilAvailable;
        this.stop = stop;
        this.publisher = publisher;
        this.workerId = workerId;
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
            return LEFT_UNACKNOWLEDGED;
        }
        try {
            Handled handled;
            try {
                SolveRequest request = decoder.decode(record.getPayload());
                MDC.put(JobIds.LOG_KEY, request.jobId());
                handled = handled(request);
            } catch (PoisonRecordException e) {
                if (e.jobId().isEmpty()) {
                    return refuse(record, e);
                }
                String jobId = e.jobId().get();
                MDC.put(JobIds.LOG_KEY, jobId);
                handled = untilAvailable.run("job " + jobId, () -> flow.handleInvalid(jobId, e.getMessage()));
            }
            if (handled instanceof Handled.Refuse refuse) {
                return refuse(record, new PoisonRecordException(refuse.reason()));
            }
            Optional<SolveOutcome> outcome = handled.toPublish();
            if (outcome.isPresent()) {
                untilAvailable.run("publishing the outcome of job " + outcome.get().jobId(),
                        () -> publisher.publish(outcome.get()));
                LOG.debugf("published %s", outcome.get().status());
            }
            return record.ack();
        } catch (UntilAvailable.Stopping e) {
            // Left unacknowledged, so its offset is never committed: the partition's next owner gets it again.
            LOG.infof("left a request for redelivery: %s", e.getMessage());
            return LEFT_UNACKNOWLEDGED;
        } catch (RuntimeException | Error e) {
            // Publishing itself failed past its retries: the record goes to the dead-letter topic, the consumer lives.
            LOG.errorf(e, "could not finish a record, sending it to %s", Topics.DEAD_LETTERS);
            return record.nack(e);
        } finally {
            MDC.remove(JobIds.LOG_KEY);
            stop.done();
        }
    }

    private static CompletionStage<Void> refuse(Message<String> record, PoisonRecordException reason) {
        LOG.warnf("refused a record, sending it to %s: %s", Topics.DEAD_LETTERS, reason.getMessage());
        return record.nack(reason);
    }

    /** What became of the job; FAILED when handling it threw what no retry mends (an {@link Error}). */
    private Handled handled(SolveRequest request) {
        try {
            return untilAvailable.run("job " + request.jobId(), () -> flow.handle(request));
        } catch (Error e) {
            LOG.errorf(e, "the job failed unexpectedly");
            return new Handled.Publish(SolveOutcome.failed(request.jobId(), ProblemType.SOLVER_ERROR.problem(
                    "the worker failed on this job (" + e.getClass().getSimpleName() + ")"), workerId));
        }
    }
}
