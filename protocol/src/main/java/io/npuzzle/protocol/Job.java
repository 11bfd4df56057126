package io.npuzzle.protocol;

import io.npuzzle.core.solve.Mode;

import java.time.Instant;

/**
 * A job as clients see it.
 *
 * @param ratio for mode {@code bounded}: how many times the shortest length the answer may be; null otherwise
 * @param owner the name of the API key that submitted the job; null when the API takes no keys
 */
public record Job(String id, JobStatus status, String board, int rows, int cols, String goal, Mode mode,
                  Double ratio, Instant submittedAt, Instant finishedAt, JobResult result, Problem error,
                  String owner) {

    /**
     * Assembles a job from its state in Redis.
     *
     * @param started whether a worker has picked the job up
     * @param outcome how the job ended, or null while it runs
     */
    public static Job of(SolveRequest request, boolean started, SolveOutcome outcome) {
        JobStatus status = outcome != null ? outcome.status() : started ? JobStatus.RUNNING : JobStatus.QUEUED;
        return new Job(request.jobId(), status, request.board(), request.rows(), request.cols(), request.goal(),
                request.mode(), request.ratio(), request.submittedAt(), outcome == null ? null : outcome.finishedAt(),
                outcome == null ? null : outcome.result(), outcome == null ? null : outcome.error(), request.owner());
    }
}
