package io.npuzzle.worker.jobs;

import io.npuzzle.core.solve.SolveCost;

/** Where jobs are marked RUNNING, with their deliveries counted. */
public interface JobStartStore {

    /**
     * Starts a job of a lane, unless it needs no work or was delivered too often; either way it leaves the lane's
     * jobs handed out and not started, making room for the next in turn.
     */
    JobStart start(String jobId, SolveCost lane);

    /** Whether the job exists and has no outcome yet, so that an outcome published for it would be recorded. */
    boolean awaitsOutcome(String jobId);
}
