package io.npuzzle.api.jobs;

/** Where a new job of a lane goes ({@link JobStore#create}). */
public enum Admission {
    /** To the workers at once: no client waits in the lane and its window has room. The caller publishes it. */
    PUBLISH_NOW,
    /** To the end of its client's queue: {@link LaneDispatch} publishes it in its turn. */
    WAIT_ITS_TURN
}
