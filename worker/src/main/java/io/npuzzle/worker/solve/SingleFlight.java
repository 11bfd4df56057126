package io.npuzzle.worker.solve;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Runs one computation per key at a time within this process: callers that arrive while it runs wait for its
 * result instead of starting their own.
 */
public final class SingleFlight<K, V> {

    /** A shared result, and whether this caller computed it or joined someone else's computation. */
    public record Shared<V>(V value, boolean leader) {
    }

    private final ConcurrentHashMap<K, CompletableFuture<V>> running = new ConcurrentHashMap<>();

    public Shared<V> run(K key, Supplier<V> computation) {
        CompletableFuture<V> mine = new CompletableFuture<>();
        CompletableFuture<V> theirs = running.putIfAbsent(key, mine);
        if (theirs != null) {
            return new Shared<>(theirs.join(), false);
        }
        try {
            V value = computation.get();
            mine.complete(value);
            return new Shared<>(value, true);
        } catch (RuntimeException | Error e) {
            mine.completeExceptionally(e);
            throw e;
        } finally {
            running.remove(key, mine);
        }
    }
}
