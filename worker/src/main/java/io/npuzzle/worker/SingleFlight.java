package io.npuzzle.worker;

import jakarta.enterprise.context.ApplicationScoped;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Runs one computation per key at a time within this process: callers that arrive while it runs wait for its
 * result instead of starting their own.
 */
@ApplicationScoped
public class SingleFlight {

    /** A shared result, and whether this caller computed it or joined someone else's computation. */
    public record Shared<V>(V value, boolean leader) {
    }

    private final ConcurrentHashMap<String, CompletableFuture<Object>> running = new ConcurrentHashMap<>();

    @SuppressWarnings("unchecked")
    public <V> Shared<V> run(String key, Supplier<V> computation) {
        CompletableFuture<Object> mine = new CompletableFuture<>();
        CompletableFuture<Object> theirs = running.putIfAbsent(key, mine);
        if (theirs != null) {
            return new Shared<>((V) theirs.join(), false);
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
