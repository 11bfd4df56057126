package io.npuzzle.api.jobs;

import io.npuzzle.core.model.Mode;
import io.npuzzle.protocol.Job;
import io.npuzzle.protocol.SolveRequest;
import org.junit.jupiter.api.Test;

import java.time.Instant;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JobWaitersTest {

    private final JobWaiters waiters = new JobWaiters();

    @Test
    void aFinishedJobWakesEveryWaiterOfThatJobAndNoOther() {
        CompletableFuture<Job> first = waiters.watch("a");
        CompletableFuture<Job> second = waiters.watch("a");
        CompletableFuture<Job> other = waiters.watch("b");

        waiters.announced("a", () -> null);

        assertTrue(first.isDone() && second.isDone());
        assertFalse(other.isDone());
        assertEquals(0, waiters.waiting("a"));
        assertEquals(1, waiters.waiting("b"));
    }

    @Test
    void longPollsGetTheFinishedJobTheAnnouncementCarriesAskedForOnlyWhenOneWaits() throws Exception {
        Job job = startedJob();
        AtomicInteger asked = new AtomicInteger();
        CompletableFuture<Job> first = waiters.watch("a");
        CompletableFuture<Job> second = waiters.watch("a");

        waiters.announced("a", () -> {
            asked.incrementAndGet();
            return job;
        });
        waiters.announced("b", () -> {
            asked.incrementAndGet();
            return job;
        });

        assertSame(job, first.get());
        assertSame(job, second.get());
        assertEquals(1, asked.get(), "once for both waiters, never for a job nobody waits for");
    }

    @Test
    void theAnnouncementOfAJobThisReplicaRecordsIsLeftToTheRecordingWhichWakesWithTheJobItHolds() throws Exception {
        Job job = startedJob();
        AtomicInteger decoded = new AtomicInteger();
        CompletableFuture<Job> waiter = waiters.watch("a");

        waiters.recording("a");
        waiters.announced("a", () -> {
            decoded.incrementAndGet();
            return job;
        });
        assertFalse(waiter.isDone(), "the announcement came before the store's answer");
        waiters.recorded("a", () -> job);

        assertSame(job, waiter.get());
        assertEquals(0, decoded.get(), "the announcement's job is never decoded");
        CompletableFuture<Job> later = waiters.watch("a");
        waiters.announced("a", () -> null);
        assertTrue(later.isDone(), "once recorded, the job's announcements wake its waiters again");
    }

    @Test
    void aRecordingThatFailedLeavesTheJobsWaitersToItsAnnouncement() {
        CompletableFuture<Job> waiter = waiters.watch("a");

        waiters.recording("a");
        waiters.notRecorded("a");
        waiters.announced("a", () -> null);

        assertTrue(waiter.isDone());
    }

    @Test
    void aForgottenWaiterIsNotWokenAndHoldsNoMemory() {
        CompletableFuture<Job> waiter = waiters.watch("a");

        waiters.forget("a", waiter);
        waiters.announced("a", () -> null);

        assertFalse(waiter.isDone());
        assertEquals(0, waiters.waiting("a"));
    }

    private static Job startedJob() {
        return Job.of(new SolveRequest("00000000-0000-4000-8000-000000000001", "k", "1 2 3 4 5 6 7 0 8", 3, 3,
                "1 2 3 4 5 6 7 8 0", Mode.OPTIMAL, Instant.now()), true, null);
    }
}
