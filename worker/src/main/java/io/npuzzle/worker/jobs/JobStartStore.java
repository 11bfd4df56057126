package io.npuzzle.worker.jobs;

/** Where jobs are marked RUNNING, with their deliveries counted. */
public interface JobStartStore {

    /** Starts a job, unless it needs no work or was delivered too often. */
    JobStart start(String jobId);

    /** Whether the job exists and has no outcome yet, so that an outcome published for it would be recorded. */
    boolean awaitsOutcome(String jobId);
}
