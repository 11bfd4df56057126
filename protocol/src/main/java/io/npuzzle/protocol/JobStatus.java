package io.npuzzle.protocol;

/**
 * Where a job stands. A job only moves forward: QUEUED, then RUNNING, then DONE, FAILED or CANCELLED (by its
 * client, before it finished), whichever outcome was recorded first.
 */
public enum JobStatus {
    QUEUED,
    RUNNING,
    DONE,
    FAILED,
    CANCELLED;

    public boolean isFinished() {
        return this == DONE || this == FAILED || this == CANCELLED;
    }
}
