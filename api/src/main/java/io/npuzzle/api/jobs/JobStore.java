package io.npuzzle.api.jobs;

import io.npuzzle.core.solve.SolveCost;
import io.npuzzle.protocol.Job;
import io.npuzzle.protocol.SolveOutcome;
import io.npuzzle.protocol.SolveRequest;
import io.npuzzle.runtime.json.Encoded;
import io.smallrye.mutiny.Uni;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where jobs are kept, for every replica to read. A job's first recorded outcome is final: the store records an
 * outcome (finished or cancelled) only for a job that has none.
 */
public interface JobStore {

    /**
     * Stores a new job of {@code client} for the workers of {@code lane}, and lets it into the lane by fair share
     * between clients: to be published now, or once its turn comes ({@link #dispatch}). It is open from its
     * publication until it has an outcome.
     */
    Uni<Admission> create(Encoded<SolveRequest> request, SolveCost lane, Client client);

    /**
     * Hands out at most {@code most} of the jobs waiting their turn in a lane, as far as the lane's window of
     * published jobs not yet started has room, in fair turns between their clients; each is open from now on and
     * is for the caller to publish.
     */
    Uni<Dispatch> dispatch(SolveCost lane, int most);

    /** The jobs of a client waiting their turn in each lane. */
    Uni<Map<SolveCost, Long>> waiting(Client client);

    /**
     * Counts a new heavy job against its owner's allowance of unfinished heavy jobs; false, counting nothing, when
     * the owner has {@code limit} unfinished already.
     */
    Uni<Boolean> admitHeavy(SolveRequest request, int limit);

    /** Stores a new job that is finished already: answered at once with {@code outcome}. */
    Uni<Void> createFinished(SolveRequest request, SolveOutcome outcome);

    /** The job, or null when the id is unknown, malformed or expired. */
    Uni<Job> find(String jobId);

    /** The job with its revision, or null when the id is unknown, malformed or expired. */
    Uni<JobSnapshot> snapshot(String jobId);

    /**
     * Records an outcome unless the job has one already; when recorded, the job's client and request, else empty.
     * Wakes long polls everywhere.
     */
    default Uni<Optional<FinishedJob>> finish(Encoded<SolveOutcome> outcome) {
        return finishAll(List.of(outcome)).map(finished -> finished.get(0));
    }

    /** {@link #finish} for each outcome, in one call: what became of each, in the same order. */
    Uni<List<Optional<FinishedJob>>> finishAll(List<Encoded<SolveOutcome>> outcomes);

    /**
     * Records a CANCELLED outcome unless the job has an outcome already; wakes long polls and the worker searching
     * for it.
     */
    Uni<Cancellation> cancel(SolveOutcome cancellation);

    /**
     * Claims at most {@code most} open jobs that went longer than their lane allows without a start, progress or
     * outcome; each due job is claimed by one caller, and is due again only after twice as long.
     */
    Uni<List<Redrive>> claimRedrives(int most);

    /**
     * Puts in the open jobs every job that is open but missing from them (stored by a version that kept no such
     * index), due its lane's quiet time after it was submitted; the number put. A job read is indexed as well.
     */
    Uni<Integer> indexOpenJobs();
}
