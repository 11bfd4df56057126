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

    /** Frees one of the owner's slots and waits until a waiting search has taken it. */
    private void release(OwnerTurns turns, String owner) {
        int before = granted.size();
        turns.release(owner);
        Awaitility.await().atMost(AT_MOST).until(() -> granted.size() == before + 1);
    }

    @Test
    void searchesTakeFreeSlotsAtOnceAndWaitWhenAllAreTaken() {
        OwnerTurns turns = new OwnerTurns(2, 0);
        turns.acquire("a");
        turns.acquire("a");
        waitFor(turns, "a", "a3");

        assertEquals(List.of(), granted);
        release(turns, "a");
        assertEquals(List.of("a3"), granted);
        assertEquals(0, turns.waiting());
    }

    @Test
    void aQuietOwnersSearchTakesTheNextFreeSlotAheadOfAFloodAlreadyWaiting() {
        OwnerTurns turns = new OwnerTurns(1, 0);
        turns.acquire("a");
        for (int i = 1; i <= 5; i++) {
            waitFor(turns, "a", "a" + i);
        }
        waitFor(turns, "b", "b1");

        release(turns, "a");
        assertEquals(List.of("b1"), granted);
    }

    @Test
    void waitingOwnersTakeTurnsEachInTheOrderItsSearchesCame() {
        OwnerTurns turns = new OwnerTurns(1, 0);
        turns.acquire("a");
        waitFor(turns, "a", "a1");
        waitFor(turns, "a", "a2");
        waitFor(turns, "b", "b1");
        waitFor(turns, "b", "b2");

        for (String owner : List.of("a", "b", "a", "b")) {
            release(turns, owner);
        }
        assertEquals(List.of("b1", "a1", "b2", "a2"), granted);
    }

    @Test
    void aSlotGivenBackWithNoSearchWaitingIsFreeForTheNext() {
        OwnerTurns turns = new OwnerTurns(1, 0);
        turns.acquire("a");
        turns.release("a");
        turns.acquire("b");
        assertEquals(0, turns.waiting());
    }

    @Test
    void anOwnerHoldingNoSlotIsLentOneAtOnceWhileAnotherOwnersSearchesHoldThemAll() {
        OwnerTurns turns = new OwnerTurns(2, 1);
        turns.acquire("a");
        turns.acquire("a");
        waitFor(turns, "a", "a3");

        turns.acquire("b");
        assertEquals(3, turns.held());
        assertEquals(1, turns.heldBy("b"));
        assertEquals(2, turns.heldBy("a"));
        assertEquals(1, turns.waiting(), "the flood's own search still waits");
    }

    @Test
    void noOwnerIsLentASecondSlotNorAreMoreLentThanTheLaneLends() {
        OwnerTurns turns = new OwnerTurns(1, 1);
        turns.acquire("a");
        turns.acquire("b");
        waitFor(turns, "b", "b2");
        waitFor(turns, "c", "c1");

        assertEquals(2, turns.held());
        assertEquals(List.of(), granted);
    }

    @Test
    void aLentSlotGivenBackGoesBackToTheLaneNotToTheFloodWaiting() {
        OwnerTurns turns = new OwnerTurns(1, 1);
        turns.acquire("a");
        waitFor(turns, "a", "a2");
        turns.acquire("b");
        assertEquals(2, turns.held());

        turns.release("b");
        assertEquals(1, turns.held());
        assertEquals(List.of(), granted, "a's search waits for a's slot");
        release(turns, "a");
        assertEquals(List.of("a2"), granted);
    }

    @Test
    void aWaitingOwnerThatHoldsNoSlotIsLentTheOneGivenBack() {
        OwnerTurns turns = new OwnerTurns(1, 1);
        turns.acquire("a");
        turns.acquire("b");
        waitFor(turns, "c", "c1");

        release(turns, "b");
        assertEquals(List.of("c1"), granted);
        assertEquals(2, turns.held());
    }

    @Test
    void aLaneHasAtLeastOneSlot() {
        assertThrows(IllegalArgumentException.class, () -> new OwnerTurns(0, 0));
        assertThrows(IllegalArgumentException.class, () -> new OwnerTurns(1, -1));
    }
}
