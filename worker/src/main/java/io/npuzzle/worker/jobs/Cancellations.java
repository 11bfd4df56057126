package io.npuzzle.worker.jobs;

/** Which jobs their clients cancelled; asked often during a search, so it must answer without a round trip. */
public interface Cancellations {

    boolean isCancelled(String jobId);
}
