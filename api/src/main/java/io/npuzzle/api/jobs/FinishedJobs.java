package io.npuzzle.api.jobs;

import io.npuzzle.protocol.RedisKeys;
import io.quarkus.redis.datasource.ReactiveRedisDataSource;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.jboss.logging.Logger;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Wakes long polls when their job finishes. Whichever replica records an outcome announces the job id on a Redis
 * channel; every replica listens and completes its own waiters, so no poll has to ask Redis over and over.
 */
@ApplicationScoped
public class FinishedJobs {

    private static final Logger LOG = Logger.getLogger(FinishedJobs.class);

    private final ConcurrentHashMap<String, List<CompletableFuture<Void>>> waiters = new ConcurrentHashMap<>();

    void listen(@Observes StartupEvent event, ReactiveRedisDataSource redis) {
        redis.pubsub(String.class).subscribe(RedisKeys.FINISHED_CHANNEL).subscribe().with(
                this::finished, failure -> LOG.error("lost the subscription to finished jobs", failure));
    }

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

    void finished(String jobId) {
        List<CompletableFuture<Void>> woken = waiters.remove(jobId);
        if (woken != null) {
            woken.forEach(waiter -> waiter.complete(null));
        }
    }
}
