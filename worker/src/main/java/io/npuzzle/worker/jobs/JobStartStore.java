package io.npuzzle.worker.jobs;

/** Where jobs are marked RUNNING, with their deliveries counted. */
public interface JobStartStore {

    /**
     * Starts a job, unless it needs no work or was delivered too often.
     *
     * @param puzzleKey the canonical key of the job's puzzle, whose cache entry comes along
     */
    JobStart start(String jobId, String puzzleKey);

    /** Whether the job exists and has no outcome yet, so that an outcome published for it would be recorded. */
    boolean awaitsOutcome(String jobId);
}
