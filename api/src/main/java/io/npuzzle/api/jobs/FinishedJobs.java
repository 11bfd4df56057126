package io.npuzzle.api.jobs;

import io.npuzzle.protocol.RedisKeys;
import io.quarkus.redis.datasource.ReactiveRedisDataSource;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.jboss.logging.Logger;

import java.time.Duration;
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
    private static final Duration RESUBSCRIBE_FIRST = Duration.ofMillis(100);
    private static final Duration RESUBSCRIBE_LONGEST = Duration.ofSeconds(2);

    private final ConcurrentHashMap<String, List<CompletableFuture<Void>>> waiters = new ConcurrentHashMap<>();
    private volatile boolean stopping;

    void listen(@Observes StartupEvent event, ReactiveRedisDataSource redis) {
        // Subscribes again whenever the subscription ends (Redis restarted): a long poll that misses a wake-up
        // meanwhile still ends after its wait, with the job as stored.
        redis.pubsub(String.class).subscribe(RedisKeys.FINISHED_CHANNEL)
                .onCompletion().failWith(() -> new IllegalStateException("the subscription ended"))
                .onFailure(failure -> !stopping).invoke(failure -> LOG.warnf(
                        "subscription to finished jobs lost, subscribing again: %s", failure.getMessage()))
                .onFailure(failure -> !stopping).retry()
                .withBackOff(RESUBSCRIBE_FIRST, RESUBSCRIBE_LONGEST).indefinitely()
                .subscribe().with(this::finished,
                        failure -> LOG.debugf("subscription ended: %s", failure.getMessage()));
    }

    void stop(@Observes ShutdownEvent event) {
        stopping = true;
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
