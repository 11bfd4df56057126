package io.npuzzle.worker.jobs;

import io.npuzzle.protocol.CachedSolution;
import io.npuzzle.protocol.JobScripts;

import java.util.Optional;

/** What starting a job found. */
public sealed interface JobStart {

    /** The job is RUNNING now; {@code cached} is what the cache held for its puzzle, in whatever mode. */
    record Run(Optional<CachedSolution> cached) implements JobStart {
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
