package io.npuzzle.protocol;

import java.time.Instant;

/**
 * How a job ended: the payload of the results topic and the final part of a job's state in Redis.
 *
 * @param jobId      the job
 * @param status     DONE, FAILED or CANCELLED
 * @param result     the answer when DONE, else null
 * @param error      the reason when FAILED, else null
 * @param worker     which worker (or the API, for cache hits) produced the outcome, for operators
 * @param finishedAt when the outcome was produced
 */
public record SolveOutcome(String jobId, JobStatus status, JobResult result, Problem error, String worker,
                           Instant finishedAt) {

    public static SolveOutcome done(String jobId, JobResult result, String worker) {
        return new SolveOutcome(jobId, JobStatus.DONE, result, null, worker, Instant.now());
    }

    /** A job cancelled by its client: no result, no error. */
    public static SolveOutcome cancelled(String jobId, String worker) {
        return new SolveOutcome(jobId, JobStatus.CANCELLED, null, null, worker, Instant.now());
    }

    public static SolveOutcome failed(String jobId, Problem error, String worker) {
        return new SolveOutcome(jobId, JobStatus.FAILED, null, error.at("/api/v1/jobs/" + jobId), worker,
                Instant.now());
    }
}
