package io.npuzzle.api.inmemory;

import io.npuzzle.api.jobs.Admission;
import io.npuzzle.api.jobs.Cancellation;
import io.npuzzle.api.jobs.Client;
import io.npuzzle.api.jobs.Dispatch;
import io.npuzzle.api.jobs.FinishedJob;
import io.npuzzle.api.jobs.JobSnapshot;
import io.npuzzle.api.jobs.JobStore;
import io.npuzzle.api.jobs.Redrive;
import io.npuzzle.api.problem.ProblemException;
import io.npuzzle.core.solve.SolveCost;
import io.npuzzle.protocol.ClientLabel;
import io.npuzzle.protocol.Job;
import io.npuzzle.protocol.JobScripts.Cancelled;
import io.npuzzle.protocol.ProblemType;
import io.npuzzle.protocol.SolveOutcome;
import io.npuzzle.protocol.SolveRequest;
import io.npuzzle.runtime.json.Encoded;
import io.smallrye.mutiny.Uni;

import java.util.Optional;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/** Jobs in maps, with the store's rule that a job's first outcome is final; it can be made to fail for a while. */
public class InMemoryJobStore implements JobStore {

    private final Map<String, SolveRequest> requests = new ConcurrentHashMap<>();
    private final Map<String, SolveOutcome> outcomes = new ConcurrentHashMap<>();
    private final AtomicInteger failuresLeft = new AtomicInteger();
    private final AtomicInteger indexings = new AtomicInteger();
    private final Set<String> heavy = new HashSet<>();
    private final Map<String, SolveCost> lanes = new ConcurrentHashMap<>();
    private final Queue<Redrive> due = new ConcurrentLinkedQueue<>();

    /** The next {@code calls} calls fail as the Redis store fails when Redis is down. */
    public void failNext(int calls) {
        failuresLeft.set(calls);
    }

    /** The outcome recorded for a job, or null. */
    public SolveOutcome outcome(String jobId) {
        return outcomes.get(jobId);
    }

    public int size() {
        return requests.size();
    }

    /** Hands every job to the workers at once: fair share between clients is the Redis store's (RedisJobStoreTest). */
    @Override
    public Uni<Admission> create(Encoded<SolveRequest> encoded, SolveCost lane, Client client) {
        SolveRequest request = encoded.value();
        return call(() -> {
            requests.put(request.jobId(), request);
            lanes.put(request.jobId(), lane);
            return Admission.PUBLISH_NOW;
        });
    }

    @Override
    public Uni<Dispatch> dispatch(SolveCost lane, int most) {
        return call(() -> new Dispatch(0, 0, List.of()));
    }

    @Override
    public Uni<Map<SolveCost, Long>> waiting(Client client) {
        return call(() -> Map.of(SolveCost.QUICK, 0L, SolveCost.HEAVY, 0L));
    }

    /** The lane a job was queued in, or null for a job answered at once. */
    public SolveCost lane(String jobId) {
        return lanes.get(jobId);
    }

    /** Makes the next {@link #claimRedrives} hand out these jobs, each re-driven {@code times} now. */
    public void dueForRedrive(int times, String... jobIds) {
        for (String jobId : jobIds) {
            due.add(new Redrive(requests.get(jobId), times));
        }
    }

    @Override
    public Uni<List<Redrive>> claimRedrives(int most) {
        return call(() -> {
            List<Redrive> claimed = new ArrayList<>();
            Redrive next;
            while (claimed.size() < most && (next = due.poll()) != null) {
                if (!outcomes.containsKey(next.request().jobId())) {
                    claimed.add(next);
                }
            }
            return claimed;
        });
    }

    /** Every job this store keeps is indexed from its creation: there is nothing to index; counts the calls. */
    @Override
    public Uni<Integer> indexOpenJobs() {
        return call(() -> {
            indexings.incrementAndGet();
            return 0;
        });
    }

    /** How often {@link #indexOpenJobs} was called and answered. */
    public int indexings() {
        return indexings.get();
    }

    /** Counts the owner's admitted heavy jobs that have no outcome yet, as the Redis store does. */
    @Override
    public Uni<Boolean> admitHeavy(SolveRequest request, int limit) {
        return call(() -> {
            synchronized (heavy) {
                long unfinished = heavy.stream().filter(id -> !outcomes.containsKey(id)
                        && Objects.equals(requests.getOrDefault(id, request).owner(), request.owner())).count();
                return unfinished < limit && heavy.add(request.jobId());
            }
        });
    }

    @Override
    public Uni<Void> createFinished(SolveRequest request, SolveOutcome outcome) {
        return call(() -> {
            requests.put(request.jobId(), request);
            outcomes.put(request.jobId(), outcome);
            return null;
        });
    }

    @Override
    public Uni<Job> find(String jobId) {
        return call(() -> {
            SolveRequest request = requests.get(jobId);
            return request == null ? null : Job.of(request, false, outcomes.get(jobId));
        });
    }

    /** Revisions as Redis counts them, leaving out the start, which this store does not see: 1, then 2 once done. */
    @Override
    public Uni<JobSnapshot> snapshot(String jobId) {
        return find(jobId).map(job -> job == null ? null
                : new JobSnapshot(job, job.status().isFinished() ? 2 : 1));
    }

    @Override
    public Uni<List<Optional<FinishedJob>>> finishAll(List<Encoded<SolveOutcome>> outcomes) {
        return call(() -> outcomes.stream().map(encoded -> {
            SolveOutcome outcome = encoded.value();
            SolveRequest request = requests.get(outcome.jobId());
            return request != null && this.outcomes.putIfAbsent(outcome.jobId(), outcome) == null
                    ? Optional.of(new FinishedJob(ClientLabel.of(request.owner()), request))
                    : Optional.<FinishedJob>empty();
        }).toList());
    }

    @Override
    public Uni<Cancellation> cancel(SolveOutcome cancellation) {
        return call(() -> {
            SolveRequest request = requests.get(cancellation.jobId());
            if (request == null) {
                return Cancellation.refused(Cancelled.UNKNOWN);
            }
            return outcomes.putIfAbsent(cancellation.jobId(), cancellation) == null
                    ? Cancellation.of(request) : Cancellation.refused(Cancelled.FINISHED);
        });
    }

    /** Runs on subscription, as a Redis call does, so a retried call runs again. */
    private <T> Uni<T> call(Supplier<T> body) {
        return Uni.createFrom().deferred(() -> failuresLeft.getAndUpdate(left -> Math.max(0, left - 1)) > 0
                ? Uni.createFrom().failure(new ProblemException(ProblemType.UNAVAILABLE, "the store is down"))
                : Uni.createFrom().item(body));
    }
}
