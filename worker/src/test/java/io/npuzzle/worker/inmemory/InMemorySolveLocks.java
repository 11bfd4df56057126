package io.npuzzle.worker.inmemory;

import io.npuzzle.protocol.Quality;
import io.npuzzle.worker.solve.SolveLocks;

import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/** Solve locks in a map; another worker's lock is one this test holds by name. */
public final class InMemorySolveLocks implements SolveLocks {

    private static final String US = "this worker";

    private final ConcurrentHashMap<String, String> holders = new ConcurrentHashMap<>();
    private final AtomicInteger tries = new AtomicInteger();

    @Override
    public Optional<Lease> tryLock(String key, Quality quality) {
        tries.incrementAndGet();
        String lock = key + ":" + quality.label();
        if (holders.putIfAbsent(lock, US) != null) {
            return Optional.empty();
        }
        return Optional.of(() -> holders.remove(lock, US));
    }

    /** Another worker takes the lock. */
    public void holdElsewhere(String key, Quality quality) {
        holders.put(key + ":" + quality.label(), "another worker");
    }

    public boolean isHeldHere(String key, Quality quality) {
        return US.equals(holders.get(key + ":" + quality.label()));
    }

    /** How often a lock was asked for. */
    public int tries() {
        return tries.get();
    }
}
