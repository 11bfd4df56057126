package io.npuzzle.api.jobs;

import io.npuzzle.api.auth.Caller;
import io.npuzzle.api.metrics.JobMetrics;
import io.npuzzle.api.problem.ProblemException;
import io.npuzzle.core.solve.SolveCost;
import io.npuzzle.protocol.Job;
import io.npuzzle.protocol.JobIds;
import io.npuzzle.protocol.JobScripts.Cancelled;
import io.npuzzle.protocol.JobStatus;
import io.npuzzle.protocol.ProblemType;
import io.npuzzle.protocol.SolveOutcome;
import io.npuzzle.protocol.SolveRequest;
import io.npuzzle.runtime.json.Encoded;
import io.npuzzle.runtime.json.JsonCodec;
import io.npuzzle.runtime.traces.TraceParents;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;
import org.jboss.logging.MDC;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/** Accepts jobs (answering from the cache when it can), cancels them, and finds them, waiting for them when asked. */
@ApplicationScoped
public class JobService {

    private static final Logger LOG = Logger.getLogger(JobService.class);

    /**
     * Who produced the outcomes the API records itself (answers from the cache, cancellations), as it stands in
     * the outcome's {@code worker} field, where the workers put their own id.
     */
    public static final String OUTCOME_PRODUCER = "api";

    private final JobStore store;
    private final SolutionCache cache;
    private final JobQueue queue;
    private final JobWaiters waiters;
    private final StoreCapacity capacity;
    private final JobMetrics metrics;
    private final HeavyJobLimit heavyJobLimit;
    private final LaneDispatch dispatch;
    private final JsonCodec json;

    public JobService(JobStore store, SolutionCache cache, JobQueue queue, JobWaiters waiters,
                      StoreCapacity capacity, JobMetrics metrics, HeavyJobLimit heavyJobLimit, LaneDispatch dispatch,
                      JsonCodec json) {
        this.dispatch = dispatch;
        this.json = json;
        this.store = store;
        this.capacity = capacity;
        this.cache = cache;
        this.queue = queue;
        this.waiters = waiters;
        this.metrics = metrics;
        this.heavyJobLimit = heavyJobLimit;
    }

    /**
     * Accepts a validated request of a client: the job DONE at once on a cache hit, else the job QUEUED for the
     * workers in the lane of its {@link SolveCost}, by fair share between clients. Fails with a 503 problem when the
     * job cannot be queued, or the store is too full to take it, and with a 429 problem for a heavy job of a client
     * with its allowance of unfinished heavy jobs in flight.
     */
    public Uni<Job> accept(SolveRequest submitted, Client client) {
        // Kept with the job: its request, sent now or later, and its outcome join the submission's trace.
        SolveRequest request = submitted.tracedBy(TraceParents.ofCurrentSpan());
        if (capacity.isFull()) {
            return Uni.createFrom().failure(new ProblemException(ProblemType.STORE_FULL,
                    "the job store is full until older jobs expire; try again later"));
        }
        // Request-scoped on the Vert.x context: every log line of this request names the job.
        MDC.put(JobIds.LOG_KEY, request.jobId());
        return cache.find(request.key()).flatMap(cached -> {
            if (cached != null && cached.serves(request.quality())) {
                SolveOutcome outcome = SolveOutcome.done(request.jobId(), cached.toResult(true), OUTCOME_PRODUCER);
                return store.createFinished(request, outcome).invoke(() -> metrics.answeredFromCache(request))
                        .replaceWith(Job.of(request, false, outcome));
            }
            SolveCost cost = request.lane();
            Uni<Boolean> admitted = cost == SolveCost.HEAVY
                    ? store.admitHeavy(request, heavyJobLimit.perClient()) : Uni.createFrom().item(true);
            return admitted.flatMap(admit -> admit ? queued(request, cost, client)
                    : Uni.createFrom().failure(new ProblemException(ProblemType.HEAVY_JOBS_LIMIT, "this client has "
                    + heavyJobLimit.perClient() + " heavy jobs unfinished already; submit more as they finish")));
        });
    }

    /**
     * Stores the job and publishes it now, or leaves it to wait its turn behind other clients' jobs in its lane,
     * for {@link LaneDispatch} to publish. The request is encoded once, for both.
     */
    private Uni<Job> queued(SolveRequest request, SolveCost cost, Client client) {
        Encoded<SolveRequest> encoded = json.encoded(request);
        return store.create(encoded, cost, client).chain(admission -> switch (admission) {
                    case PUBLISH_NOW -> queue.enqueue(encoded, cost).onFailure().transform(
                                    e -> new ProblemException(ProblemType.UNAVAILABLE, "the job queue is unavailable"))
                            .invoke(() -> dispatch.handedOut(request, cost));
                    case WAIT_ITS_TURN -> Uni.createFrom().voidItem().invoke(() -> dispatch.waiting(cost));
                })
                .invoke(() -> metrics.queued(client.label(), cost))
                .replaceWith(Job.of(request, false, null));
    }

    /** Cancels a job that has not finished; UNKNOWN as well when the job is not the caller's. */
    public Uni<Cancelled> cancel(String jobId, Caller caller) {
        Uni<Boolean> mayCancel = caller.keyName() == null ? Uni.createFrom().item(true)
                : store.find(jobId).map(job -> job != null && caller.mayAccess(job));
        return mayCancel.flatMap(allowed -> allowed ? cancel(jobId) : Uni.createFrom().item(Cancelled.UNKNOWN));
    }

    private Uni<Cancelled> cancel(String jobId) {
        return store.cancel(SolveOutcome.cancelled(jobId, OUTCOME_PRODUCER)).invoke(cancellation -> {
            if (cancellation.verdict() == Cancelled.CANCELLED) {
                MDC.put(JobIds.LOG_KEY, jobId);
                LOG.info("cancelled");
                metrics.finished(cancellation.request(), JobStatus.CANCELLED);
            }
        }).map(Cancellation::verdict);
    }

    /**
     * The job, or null when unknown or not the caller's (so that ids do not tell whether a job exists); with
     * {@code wait} > 0 it waits that long for an unfinished job to finish.
     */
    public Uni<Job> find(String jobId, Duration wait, Caller caller) {
        if (wait.isZero()) {
            return find(jobId, caller);
        }
        // Watch before reading, so that a job finishing between the read and the wait still wakes us.
        CompletableFuture<Job> waiter = waiters.watch(jobId);
        return find(jobId, caller).flatMap(job -> job == null || job.status().isFinished()
                        ? Uni.createFrom().item(job) : finishedWithin(jobId, waiter, wait))
                .eventually(() -> waiters.forget(jobId, waiter));
    }

    /**
     * Submits and waits in one: {@code accept} accepts the request with id {@code jobId} (or gives the job an
     * Idempotency-Key names), then, with {@code wait} > 0, the job is awaited that long as {@link #find} would.
     */
    public Uni<Job> acceptAndWait(String jobId, Duration wait, Caller caller, Supplier<Uni<Job>> accept) {
        if (wait.isZero()) {
            return accept.get();
        }
        // Watch before accepting: a quick job can be solved and announced before the accept has returned.
        CompletableFuture<Job> waiter = waiters.watch(jobId);
        return accept.get().flatMap(job -> job.status().isFinished() ? Uni.createFrom().item(job)
                        : job.id().equals(jobId) ? finishedWithin(jobId, waiter, wait) : find(job.id(), wait, caller))
                .eventually(() -> waiters.forget(jobId, waiter));
    }

    /** The job as announced when it finishes within {@code wait}, else as the store has it then. */
    private Uni<Job> finishedWithin(String jobId, CompletableFuture<Job> waiter, Duration wait) {
        return Uni.createFrom().completionStage(waiter).ifNoItem().after(wait).recoverWithItem((Job) null)
                .chain(finished -> finished != null ? Uni.createFrom().item(finished) : store.find(jobId));
    }

    private Uni<Job> find(String jobId, Caller caller) {
        return store.find(jobId).map(job -> job != null && caller.mayAccess(job) ? job : null);
    }
}
