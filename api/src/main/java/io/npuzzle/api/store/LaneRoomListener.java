package io.npuzzle.api.store;

import io.npuzzle.api.jobs.LaneDispatch;
import io.npuzzle.protocol.RedisKeys;
import io.npuzzle.runtime.redis.RedisChannels;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * Follows the Redis channel on which a worker's slot that has just become idle says so, and lets this replica's
 * {@link LaneDispatch} publish the next job in turn for it at once; a missed word is caught by the dispatch's own
 * periodic look.
 */
@ApplicationScoped
public class LaneRoomListener {

    void listen(@Observes StartupEvent event, RedisChannels channels, LaneDispatch dispatch) {
        channels.follow(RedisKeys.LANE_ROOM_CHANNEL, lane -> dispatch.roomMayHaveFreed());
    }
}
