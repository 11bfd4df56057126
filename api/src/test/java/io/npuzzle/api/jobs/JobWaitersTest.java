package io.npuzzle.api.jobs;

import org.junit.jupiter.api.Test;

import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JobWaitersTest {

    private final JobWaiters waiters = new JobWaiters();

    @Test
    void aFinishedJobWakesEveryWaiterOfThatJobAndNoOther() {
        CompletableFuture<Void> first = waiters.watch("a");
        CompletableFuture<Void> second = waiters.watch("a");
        CompletableFuture<Void> other = waiters.watch("b");

        waiters.finished("a");

        assertTrue(first.isDone() && second.isDone());
        assertFalse(other.isDone());
        assertEquals(0, waiters.waiting("a"));
        assertEquals(1, waiters.waiting("b"));
    }

    @Test
    void aForgottenWaiterIsNotWokenAndHoldsNoMemory() {
        CompletableFuture<Void> waiter = waiters.watch("a");

        waiters.forget("a", waiter);
        waiters.finished("a");

        assertFalse(waiter.isDone());
        assertEquals(0, waiters.waiting("a"));
    }
}
