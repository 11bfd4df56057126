package io.npuzzle.api.jobs;

import jakarta.enterprise.context.ApplicationScoped;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The long polls of this replica waiting for their job to finish. Whichever replica records an outcome announces
 * the job (see {@code io.npuzzle.api.store.FinishedJobsListener}); each replica then wakes its own waiters, so no
 * poll has to ask the store over and over.
 */
@ApplicationScoped
public class JobWaiters {

    private final ConcurrentHashMap<String, List<CompletableFuture<Void>>> waiters = new ConcurrentHashMap<>();

    /** A future completed when the job is announced as finished; pass it to {@link #forget} when done waiting. */
    public CompletableFuture<Void> watch(String jobId) {
        CompletableFuture<Void> waiter = new CompletableFuture<>();
        waiters.compute(jobId, (id, list) -> {
            List<CompletableFuture<Void>> next = list == null ? new ArrayList<>(1) : list;
            next.add(waiter);
            return next;
        });
        return waiter;
    }

    public void forget(String jobId, CompletableFuture<Void> waiter) {
        waiters.computeIfPresent(jobId, (id, list) -> {
            list.remove(waiter);
            return list.isEmpty() ? null : list;
        });
    }

    /** Wakes everyone waiting for the job, which has finished. */
    public void finished(String jobId) {
        List<CompletableFuture<Void>> woken = waiters.remove(jobId);
        if (woken != null) {
            woken.forEach(waiter -> waiter.complete(null));
        }
    }

    /** How many polls wait for the job. */
    public int waiting(String jobId) {
        int[] count = {0};
        waiters.computeIfPresent(jobId, (id, list) -> {
            count[0] = list.size();
            return list;
        });
        return count[0];
    }
}
