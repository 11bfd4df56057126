package io.npuzzle.worker.store;

import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;

/** Ids heard lately on a Redis channel, each forgotten a while after, so the memory stays bounded. */
final class RecentIds {

    private final Duration remembered;
    private final ConcurrentHashMap<String, Long> heardAt = new ConcurrentHashMap<>();

    RecentIds(Duration remembered) {
        this.remembered = remembered;
    }

    void add(String id) {
        long now = System.nanoTime();
        heardAt.values().removeIf(at -> now - at > remembered.toNanos());
        heardAt.put(id, now);
    }

    boolean contains(String id) {
        return heardAt.containsKey(id);
    }
}
