package io.npuzzle.worker.jobs;

import io.npuzzle.core.model.ProgressListener;

/** Where the progress of each job's search goes, for its clients to see while it runs. */
public interface ProgressReports {

    /** A listener that records the progress of the job's search; it returns at once and never throws. */
    ProgressListener forJob(String jobId);
}
