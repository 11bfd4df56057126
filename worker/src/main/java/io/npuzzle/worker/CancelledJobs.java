package io.npuzzle.worker;

import io.npuzzle.protocol.RedisKeys;
import io.quarkus.redis.datasource.ReactiveRedisDataSource;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The jobs cancelled lately, heard on Redis' cancelled channel, so that a search can ask at each budget check
 * whether its job is still wanted without a round trip to Redis. A job cancelled before a worker starts it needs
 * no notice: its recorded outcome makes the worker skip it.
 */
@ApplicationScoped
public class CancelledJobs {

    private static final Logger LOG = Logger.getLogger(CancelledJobs.class);
    /** Long after any search of the job could have ended, so the memory stays bounded. */
    private static final Duration REMEMBERED = Duration.ofMinutes(10);
    private static final Duration RESUBSCRIBE_FIRST = Duration.ofMillis(100);
    private static final Duration RESUBSCRIBE_LONGEST = Duration.ofSeconds(2);

    private final ConcurrentHashMap<String, Long> cancelledAt = new ConcurrentHashMap<>();

    void listen(@Observes StartupEvent event, ReactiveRedisDataSource redis, GracefulStop stop) {
        // Subscribes again whenever the subscription ends (Redis restarted).
        redis.pubsub(String.class).subscribe(RedisKeys.CANCELLED_CHANNEL)
                .onCompletion().failWith(() -> new IllegalStateException("the subscription ended"))
                .onFailure(failure -> !stop.stopping()).invoke(failure -> LOG.warnf(
                        "subscription to cancelled jobs lost, subscribing again: %s", failure.getMessage()))
                .onFailure(failure -> !stop.stopping()).retry()
                .withBackOff(RESUBSCRIBE_FIRST, RESUBSCRIBE_LONGEST).indefinitely()
                .subscribe().with(this::cancelled,
                        failure -> LOG.debugf("subscription ended: %s", failure.getMessage()));
    }

    void cancelled(String jobId) {
        long now = System.nanoTime();
        cancelledAt.values().removeIf(at -> now - at > REMEMBERED.toNanos());
        cancelledAt.put(jobId, now);
    }

    public boolean isCancelled(String jobId) {
        return cancelledAt.containsKey(jobId);
    }
}
