package io.npuzzle.api.store;

import io.npuzzle.api.jobs.JobWaiters;
import io.npuzzle.api.jobs.LaneDispatch;
import io.npuzzle.protocol.RedisKeys;
import io.npuzzle.runtime.redis.RedisChannels;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * Follows the Redis channel on which workers announce a job they start or whose search reports progress, and
 * wakes this replica's event streams for it; a start makes room in its lane for the next job in turn
 * ({@link LaneDispatch}). A change missed while Redis is away is caught by the streams' own
 * periodic look at the store.
 */
@ApplicationScoped
public class ChangedJobsListener {

    void listen(@Observes StartupEvent event, RedisChannels channels, JobWaiters waiters, LaneDispatch dispatch) {
        channels.follow(RedisKeys.CHANGED_CHANNEL, jobId -> {
            waiters.changed(jobId);
            dispatch.roomMayHaveFreed();
        });
    }
}
