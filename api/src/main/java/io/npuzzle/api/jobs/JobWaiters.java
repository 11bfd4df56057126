package io.npuzzle.api.jobs;

import io.npuzzle.protocol.Job;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The requests of this replica waiting for their job: long polls for it to finish, event streams for any change.
 * Whichever replica changes a job announces it (see {@code io.npuzzle.api.store.FinishedJobsListener} and
 * {@code ChangedJobsListener}); each replica then wakes its own waiters, so no request has to ask the store over
 * and over.
 */
@ApplicationScoped
public class JobWaiters {

    private final ConcurrentHashMap<String, List<CompletableFuture<Job>>> finishing = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, List<CompletableFuture<Void>>> changing = new ConcurrentHashMap<>();
    /** Jobs whose outcome this replica is recording: it wakes their waiters itself, with the job it holds. */
    private final Set<String> recordingHere = ConcurrentHashMap.newKeySet();

    /**
     * A future completed when the job is announced as finished, with the job when the announcement carried it, else
     * with null; pass it to {@link #forget} when done waiting.
     */
    public CompletableFuture<Job> watch(String jobId) {
        return add(finishing, jobId);
    }

    public void forget(String jobId, CompletableFuture<Job> waiter) {
        remove(finishing, jobId, waiter);
    }

    /**
     * A future completed at the job's next announced change (started, progress, finished); pass it to
     * {@link #forgetChange} when done waiting.
     */
    public CompletableFuture<Void> watchChange(String jobId) {
        return add(changing, jobId);
    }

    public void forgetChange(String jobId, CompletableFuture<Void> waiter) {
        remove(changing, jobId, waiter);
    }

    /**
     * Wakes everyone waiting for the job, which has finished: long polls with {@code job}, asked only when one waits
     * (null when the announcement did not carry the job, so that they read it).
     */
    private void finished(String jobId, Supplier<Job> job) {
        List<CompletableFuture<Job>> woken = finishing.remove(jobId);
        if (woken != null) {
            Job finished = job.get();
            woken.forEach(waiter -> waiter.complete(finished));
        }
        wake(changing, jobId);
    }

    /**
     * This replica is recording the job's outcome: the store's announcement of it, which may come before the store's
     * answer, is left to {@link #recorded}, so that the job is not decoded from the announcement as well.
     */
    public void recording(String jobId) {
        recordingHere.add(jobId);
    }

    /**
     * The job's outcome was recorded here ({@code job} is the finished job), or it was not (null: another outcome
     * came first, whose announcement may have been passed over while this one was recorded): wakes its waiters.
     */
    public void recorded(String jobId, Supplier<Job> job) {
        recordingHere.remove(jobId);
        finished(jobId, job);
    }

    /** Recording the job's outcome here failed: its announcement, when it comes, wakes the waiters. */
    public void notRecorded(String jobId) {
        recordingHere.remove(jobId);
    }

    /** The store announced the job finished: wakes its waiters, unless this replica records it and will. */
    public void announced(String jobId, Supplier<Job> job) {
        if (!recordingHere.contains(jobId)) {
            finished(jobId, job);
        }
    }

    /** Wakes everyone waiting for the job to change, which it did (it started, or its search reported). */
    public void changed(String jobId) {
        wake(changing, jobId);
    }

    /** How many requests wait for the job, to finish or to change. */
    public int waiting(String jobId) {
        return count(finishing, jobId) + count(changing, jobId);
    }

    private static <T> CompletableFuture<T> add(ConcurrentHashMap<String, List<CompletableFuture<T>>> waiters,
                                                String jobId) {
        CompletableFuture<T> waiter = new CompletableFuture<>();
        waiters.compute(jobId, (id, list) -> {
            List<CompletableFuture<T>> next = list == null ? new ArrayList<>(1) : list;
            next.add(waiter);
            return next;
        });
        return waiter;
    }

    private static <T> void remove(ConcurrentHashMap<String, List<CompletableFuture<T>>> waiters, String jobId,
                                   CompletableFuture<T> waiter) {
        waiters.computeIfPresent(jobId, (id, list) -> {
            list.remove(waiter);
            return list.isEmpty() ? null : list;
        });
    }

    private static void wake(ConcurrentHashMap<String, List<CompletableFuture<Void>>> waiters, String jobId) {
        List<CompletableFuture<Void>> woken = waiters.remove(jobId);
        if (woken != null) {
            woken.forEach(waiter -> waiter.complete(null));
        }
    }

    private static int count(ConcurrentHashMap<String, ? extends List<?>> waiters, String jobId) {
        int[] count = {0};
        waiters.computeIfPresent(jobId, (id, list) -> {
            count[0] = list.size();
            return list;
        });
        return count[0];
    }
}
