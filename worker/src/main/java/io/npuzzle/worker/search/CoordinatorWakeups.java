package io.npuzzle.worker.search;

import jakarta.enterprise.context.ApplicationScoped;

import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Wakes the coordinator of a split search when a result of one of its tasks arrives, so that it need not poll
 * Redis fast; it still looks there now and then, since the result is what counts, not the wake-up.
 */
@ApplicationScoped
public class CoordinatorWakeups {

    private final ConcurrentHashMap<String, Semaphore> waiting = new ConcurrentHashMap<>();

    /** A result of {@code searchId} arrived; wakes its coordinator if it runs here. */
    public void resultArrived(String searchId) {
        Semaphore coordinator = waiting.get(searchId);
        if (coordinator != null) {
            coordinator.release();
        }
    }

    void follow(String searchId) {
        waiting.put(searchId, new Semaphore(0));
    }

    void forget(String searchId) {
        waiting.remove(searchId);
    }

    /** Waits until a result of the search arrives, at most {@code longest}; then takes every wake-up pending. */
    void await(String searchId, Duration longest) {
        Semaphore coordinator = waiting.get(searchId);
        try {
            if (coordinator.tryAcquire(longest.toNanos(), TimeUnit.NANOSECONDS)) {
                coordinator.drainPermits();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
