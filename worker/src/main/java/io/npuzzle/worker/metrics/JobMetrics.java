package io.npuzzle.worker.metrics;

import io.npuzzle.core.solve.SolveCost;
import io.npuzzle.protocol.JobStatus;

/** What the job flow reports as it goes; an interface so that the flow runs without a meter registry in tests. */
public interface JobMetrics {

    /** A job was taken on. */
    void started();

    /** A job of a client's started running here ({@link io.npuzzle.protocol.ClientLabel}), a redelivery again. */
    void startedFor(String client, SolveCost lane);

    /** A job taken on is over, whatever became of it. */
    void ended();

    /** A job this worker finished, by the status it publishes; not for an outcome that loses to a cancel. */
    void finished(JobStatus status);

    /** Whether a job's answer came from the cache (or another job's search) rather than a search of its own. */
    void cacheLookup(boolean hit);
}
