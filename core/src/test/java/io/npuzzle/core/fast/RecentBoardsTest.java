package io.npuzzle.core.fast;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The direct-mapped memory of boards a beam met lately. */
class RecentBoardsTest {

    @Test
    void aBoardIsNewOnlyTheFirstTimeItIsAdded() {
        RecentBoards recent = new RecentBoards(12_000);
        assertTrue(recent.add(0x1234_5678_9abc_def0L));
        assertFalse(recent.add(0x1234_5678_9abc_def0L));
        assertTrue(recent.add(0x0fed_cba9_8765_4321L));
    }

    @Test
    void aBoardWhoseSlotAnotherTookIsForgotten() {
        RecentBoards recent = new RecentBoards(12_000);
        long first = 5;
        long sameSlot = first + recent.slots();
        recent.add(first);
        assertTrue(recent.add(sameSlot));
        assertTrue(recent.add(first), "the board that lost its slot counts as new");
        assertFalse(recent.add(first));
    }

    @Test
    void widerBeamsGetMoreSlots() {
        assertEquals(1 << 18, new RecentBoards(12_000).slots());
        assertTrue(new RecentBoards(120_000).slots() >= 22 * 120_000 / 2);
    }

    @Test
    void clearingForgetsEveryBoard() {
        RecentBoards recent = new RecentBoards(12_000);
        recent.add(42);
        recent.clear();
        assertTrue(recent.add(42));
    }
}
