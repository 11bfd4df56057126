package io.npuzzle.protocol;

import io.npuzzle.core.model.Mode;

import java.time.Instant;

/**
 * A job as clients see it.
 *
 * @param ratio      for mode {@code bounded}: how many times the shortest length the answer may be; null otherwise
 * @param maxSeconds the client's deadline for the answer; null for the lane's time budget
 * @param owner      the name of the API key that submitted the job; null when the API takes no keys
 * @param progress   the search's last report, only while the job is RUNNING and its search has reported
 * @param traceId    the id of the job's trace where traces are on and it was sampled, else null
 */
public record Job(String id, JobStatus status, String board, int rows, int cols, String goal, Mode mode,
                  Double ratio, Integer maxSeconds, Instant submittedAt, Instant finishedAt, JobResult result, Problem error,
                  String owner, JobProgress progress, String traceId) {

    /** A job as stored before any progress report. */
    public static Job of(SolveRequest request, boolean started, SolveOutcome outcome) {
        return of(request, started, outcome, null);
    }

    /**
     * Assembles a job from its state in Redis.
     *
     * @param started  whether a worker has picked the job up
     * @param outcome  how the job ended, or null while it runs
     * @param progress the search's last report, or null; dropped once the job has finished
     */
    public static Job of(SolveRequest request, boolean started, SolveOutcome outcome, JobProgress progress) {
        JobStatus status = outcome != null ? outcome.status() : started ? JobStatus.RUNNING : JobStatus.QUEUED;
        return new Job(request.jobId(), status, request.board(), request.rows(), request.cols(), request.goal(),
                request.mode(), request.ratio(), request.maxSeconds(), request.submittedAt(), outcome == null ? null : outcome.finishedAt(),
                outcome == null ? null : outcome.result(), outcome == null ? null : outcome.error(), request.owner(),
                status == JobStatus.RUNNING ? progress : null, request.traceId());
    }
}
