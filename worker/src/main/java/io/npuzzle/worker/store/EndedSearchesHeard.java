package io.npuzzle.worker.store;

import io.npuzzle.protocol.RedisKeys;
import io.npuzzle.runtime.redis.RedisChannels;
import io.npuzzle.worker.search.EndedSearches;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import java.time.Duration;

/**
 * The split searches ended lately, heard on Redis' search-ended channel, so that the tasks of a search stop within
 * moments of its end. A task taken later finds its search gone from Redis instead.
 */
@ApplicationScoped
public class EndedSearchesHeard implements EndedSearches {

    /** Longer than any task takes; each search id is used once, so remembering it long harms nothing. */
    private final RecentIds ended = new RecentIds(Duration.ofMinutes(10));

    void listen(@Observes StartupEvent event, RedisChannels channels) {
        channels.follow(RedisKeys.SEARCH_ENDED_CHANNEL, ended::add);
    }

    @Override
    public boolean hasEnded(String searchId) {
        return ended.contains(searchId);
    }
}
