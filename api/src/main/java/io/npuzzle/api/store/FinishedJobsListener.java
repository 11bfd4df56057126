package io.npuzzle.api.store;

import io.npuzzle.api.jobs.JobWaiters;
import io.npuzzle.api.jobs.LaneDispatch;
import io.npuzzle.protocol.RedisKeys;
import io.npuzzle.runtime.redis.RedisChannels;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * Follows the Redis channel on which the replica that records an outcome announces the job, and wakes this
 * replica's waiters; a job that ends may make room in its lane for the next in turn ({@link LaneDispatch}). The subscription survives a Redis restart; a long poll that misses a wake-up meanwhile still
 * ends after its wait, with the job as stored.
 */
@ApplicationScoped
public class FinishedJobsListener {

    void listen(@Observes StartupEvent event, RedisChannels channels, JobWaiters waiters, LaneDispatch dispatch) {
        channels.follow(RedisKeys.FINISHED_CHANNEL, jobId -> {
            waiters.finished(jobId);
            dispatch.roomMayHaveFreed();
        });
    }
}
