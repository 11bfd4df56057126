package io.npuzzle.worker.messaging;

import io.npuzzle.protocol.JobIds;
import io.npuzzle.protocol.ProblemType;
import io.npuzzle.protocol.SolveOutcome;
import io.npuzzle.protocol.SolveRequest;
import io.npuzzle.runtime.traces.JobAttributes;
import io.npuzzle.runtime.traces.ServiceSpans;
import io.npuzzle.runtime.traces.SpanInScope;
import io.npuzzle.worker.jobs.Handled;
import io.npuzzle.worker.jobs.JobFlow;
import io.npuzzle.worker.lifecycle.GracefulStop;
import io.npuzzle.worker.lifecycle.UntilAvailable;
import io.npuzzle.worker.lifecycle.WorkerIdentity;
import io.npuzzle.worker.solve.InFlightPlaces;
import io.opentelemetry.context.Context;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.jboss.logging.Logger;
import org.jboss.logging.MDC;

import java.util.Locale;
import java.util.Optional;

/**
 * Handles one record of a requests topic, whichever consumer took it: decodes the request, runs the job and
 * publishes its outcome, and says what the consumer must do with the record. Steps that need Redis or Kafka are
 * retried until they succeed; a record that is not a workable request ends the job it names FAILED when that job
 * waits for an outcome, and is otherwise refused. Nothing one job throws, an {@link Error} included, escapes: the
 * job ends FAILED. Each handling is a span of the job's trace, which the record carries, so that a redelivered
 * job's handlings all show in it.
 */
@ApplicationScoped
public class RequestHandling {

    private static final Logger LOG = Logger.getLogger(RequestHandling.class);

    /** What the consumer does with the record it handed over. */
    public sealed interface Verdict {

        /** The job's outcome is published (or it needed none): the record is done with. */
        record Done() implements Verdict {
        }

        /** The worker is stopping: the record must be delivered again, to this worker's successor. */
        record LeftForRedelivery(String reason) implements Verdict {
        }

        /** Not a workable request, or its outcome could not be published: it belongs on the dead-letter topic. */
        record Refused(Throwable reason) implements Verdict {
        }
    }

    static final Verdict DONE = new Verdict.Done();
    /** The span of one record's handling. */
    private static final String SPAN = "handle job";

    private final SolveRequestDecoder decoder;
    private final JobFlow flow;
    private final InFlightPlaces places;
    private final UntilAvailable untilAvailable;
    private final GracefulStop stop;
    private final OutcomePublisher publisher;
    private final String workerId;
    private final ServiceSpans spans;

    @Inject
    RequestHandling(SolveRequestDecoder decoder, JobFlow flow, InFlightPlaces places, UntilAvailable untilAvailable,
                    GracefulStop stop, OutcomePublisher publisher, WorkerIdentity identity, ServiceSpans spans) {
        this(decoder, flow, places, untilAvailable, stop, publisher, identity.id(), spans);
    }

    RequestHandling(SolveRequestDecoder decoder, JobFlow flow, InFlightPlaces places, UntilAvailable untilAvailable,
                    GracefulStop stop, OutcomePublisher publisher, String workerId, ServiceSpans spans) {
        this.decoder = decoder;
        this.flow = flow;
        this.places = places;
        this.untilAvailable = untilAvailable;
        this.stop = stop;
        this.publisher = publisher;
        this.workerId = workerId;
        this.spans = spans;
    }

    /** @param trace the trace context the record carries: its handling's span is a child of it */
    public Verdict handle(String payload, Context trace) {
        if (!stop.take()) {
            return new Verdict.LeftForRedelivery("the worker is stopping");
        }
        try (SpanInScope span = spans.enter(SPAN, trace)) {
            span.set(JobAttributes.WORKER_ID, workerId);
            Verdict verdict = handleTaken(payload, span);
            if (!(verdict instanceof Verdict.Done)) {
                span.set(JobAttributes.OUTCOME, verdict instanceof Verdict.Refused ? "refused" : "left for redelivery");
            }
            return verdict;
        } finally {
            MDC.remove(JobIds.LOG_KEY);
            stop.done();
        }
    }

    private Verdict handleTaken(String payload, SpanInScope span) {
        try {
            Handled handled;
            try {
                SolveRequest request = decoder.decode(payload);
                named(span, request.jobId());
                try (InFlightPlaces.Place place = places.enter(request)) {
                    if (stop.stopping()) {
                        // It waited for its place into the stop: not started, so left whole to the next worker.
                        return new Verdict.LeftForRedelivery("the worker is stopping");
                    }
                    handled = handled(request);
                }
            } catch (PoisonRecordException e) {
                if (e.jobId().isEmpty()) {
                    return new Verdict.Refused(e);
                }
                String jobId = e.jobId().get();
                named(span, jobId);
                handled = untilAvailable.run("job " + jobId, () -> flow.handleInvalid(jobId, e.getMessage()));
            }
            if (handled instanceof Handled.Refuse refuse) {
                return new Verdict.Refused(new PoisonRecordException(refuse.reason()));
            }
            Optional<SolveOutcome> outcome = handled.toPublish();
            if (outcome.isPresent()) {
                untilAvailable.run("publishing the outcome of job " + outcome.get().jobId(),
                        () -> publisher.publish(outcome.get()));
                LOG.debugf("published %s", outcome.get().status());
            }
            span.set(JobAttributes.OUTCOME, outcome.isPresent()
                    ? outcome.get().status().name().toLowerCase(Locale.ROOT)
                    : "skipped: " + ((Handled.Skip) handled).why());
            return DONE;
        } catch (UntilAvailable.Stopping e) {
            return new Verdict.LeftForRedelivery(e.getMessage());
        } catch (RuntimeException | Error e) {
            // Publishing itself failed past its retries.
            LOG.errorf(e, "could not finish a record");
            return new Verdict.Refused(e);
        }
    }

    private static void named(SpanInScope span, String jobId) {
        MDC.put(JobIds.LOG_KEY, jobId);
        span.set(JobAttributes.JOB_ID, jobId);
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
