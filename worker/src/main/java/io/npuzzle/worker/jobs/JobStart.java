package io.npuzzle.worker.jobs;

import io.npuzzle.protocol.JobScripts;

/** What starting a job found. */
public sealed interface JobStart {

    /** The job is RUNNING now. */
    record Run() implements JobStart {
    }

    /**
     * Nothing to do: the job no longer exists ({@link JobScripts.Started#GONE}, expired) or already has an outcome
     * ({@link JobScripts.Started#FINISHED}, a redelivered request or a cancelled job).
     */
    record Skip(JobScripts.Started verdict) implements JobStart {
    }

    /** The job was delivered more often than allowed: the workers that took it before did not survive it. */
    record Exhausted(long deliveries) implements JobStart {
    }
}
