package io.npuzzle.worker.store;

import io.npuzzle.protocol.RedisKeys;
import io.npuzzle.runtime.redis.RedisChannels;
import io.npuzzle.worker.jobs.Cancellations;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import java.time.Duration;

/**
 * The jobs cancelled lately, heard on Redis' cancelled channel, so that a search can ask at each budget check
 * whether its job is still wanted without a round trip to Redis. A job cancelled before a worker starts it needs
 * no notice: its recorded outcome makes the worker skip it.
 */
@ApplicationScoped
public class CancelledJobs implements Cancellations {

    /** Long after any search of the job could have ended. */
    private final RecentIds cancelled = new RecentIds(Duration.ofMinutes(10));

    void listen(@Observes StartupEvent event, RedisChannels channels) {
        channels.follow(RedisKeys.CANCELLED_CHANNEL, this::cancelled);
    }

    void cancelled(String jobId) {
        cancelled.add(jobId);
    }

    @Override
    public boolean isCancelled(String jobId) {
        return cancelled.contains(jobId);
    }
}
