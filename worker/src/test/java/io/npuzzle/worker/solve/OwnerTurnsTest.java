package io.npuzzle.worker.solve;

import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class OwnerTurnsTest {

    private static final Duration AT_MOST = Duration.ofSeconds(5);

    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final List<String> granted = new CopyOnWriteArrayList<>();

    @AfterEach
    void stop() {
        threads.shutdownNow();
    }

    /** A search of the owner that waits for a slot, then records that it got one and keeps it. */
    private void waitFor(OwnerTurns turns, String owner, String search) {
        int before = turns.waiting();
        threads.execute(() -> {
            turns.acquire(owner);
            granted.add(search);
        });
        Awaitility.await().atMost(AT_MOST).until(() -> turns.waiting() == before + 1);
    }

    /** Frees one slot and waits until a waiting search has taken it. */
    private void release(OwnerTurns turns) {
        int before = granted.size();
        turns.release();
        Awaitility.await().atMost(AT_MOST).until(() -> granted.size() == before + 1);
    }

    @Test
    void searchesTakeFreeSlotsAtOnceAndWaitWhenAllAreTaken() {
        OwnerTurns turns = new OwnerTurns(2);
        turns.acquire("a");
        turns.acquire("a");
        waitFor(turns, "a", "a3");

        assertEquals(List.of(), granted);
        release(turns);
        assertEquals(List.of("a3"), granted);
        assertEquals(0, turns.waiting());
    }

    @Test
    void aQuietOwnersSearchTakesTheNextFreeSlotAheadOfAFloodAlreadyWaiting() {
        OwnerTurns turns = new OwnerTurns(1);
        turns.acquire("a");
        for (int i = 1; i <= 5; i++) {
            waitFor(turns, "a", "a" + i);
        }
        waitFor(turns, "b", "b1");

        release(turns);
        assertEquals(List.of("b1"), granted);
    }

    @Test
    void waitingOwnersTakeTurnsEachInTheOrderItsSearchesCame() {
        OwnerTurns turns = new OwnerTurns(1);
        turns.acquire("a");
        waitFor(turns, "a", "a1");
        waitFor(turns, "a", "a2");
        waitFor(turns, "b", "b1");
        waitFor(turns, "b", "b2");

        for (int i = 0; i < 4; i++) {
            release(turns);
        }
        assertEquals(List.of("b1", "a1", "b2", "a2"), granted);
    }

    @Test
    void aSlotGivenBackWithNoSearchWaitingIsFreeForTheNext() {
        OwnerTurns turns = new OwnerTurns(1);
        turns.acquire("a");
        turns.release();
        turns.acquire("b");
        assertEquals(0, turns.waiting());
    }

    @Test
    void aLaneHasAtLeastOneSlot() {
        assertThrows(IllegalArgumentException.class, () -> new OwnerTurns(0));
    }
}
