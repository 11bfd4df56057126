package io.npuzzle.worker.inmemory;

import io.npuzzle.worker.jobs.Cancellations;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** Cancellations as a set of job ids. */
public final class InMemoryCancellations implements Cancellations {

    private final Set<String> cancelled = ConcurrentHashMap.newKeySet();

    public void cancel(String jobId) {
        cancelled.add(jobId);
    }

    @Override
    public boolean isCancelled(String jobId) {
        return cancelled.contains(jobId);
    }
}
