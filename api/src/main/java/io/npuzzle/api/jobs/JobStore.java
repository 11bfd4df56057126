package io.npuzzle.api.jobs;

import io.npuzzle.protocol.Job;
import io.npuzzle.protocol.JobScripts;
import io.npuzzle.protocol.SolveOutcome;
import io.npuzzle.protocol.SolveRequest;
import io.smallrye.mutiny.Uni;

/**
 * Where jobs are kept, for every replica to read. A job's first recorded outcome is final: the store records an
 * outcome (finished or cancelled) only for a job that has none.
 */
public interface JobStore {

    /** Stores a new job, queued for the workers. */
    Uni<Void> create(SolveRequest request);

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

    /** Records an outcome unless the job has one already; true when recorded. Wakes long polls everywhere. */
    Uni<Boolean> finish(SolveOutcome outcome);

    /**
     * Records a CANCELLED outcome unless the job has an outcome already; wakes long polls and the worker searching
     * for it.
     */
    Uni<JobScripts.Cancelled> cancel(SolveOutcome cancellation);
}
