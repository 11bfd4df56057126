package io.npuzzle.protocol;

/** Where a job stands. A job only moves forward: QUEUED, then RUNNING, then DONE or FAILED. */
public enum JobStatus {
    QUEUED,
    RUNNING,
    DONE,
    FAILED;

    public boolean isFinished() {
        return this == DONE || this == FAILED;
    }
}
