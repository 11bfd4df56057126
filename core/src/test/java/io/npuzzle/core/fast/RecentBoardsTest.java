package io.npuzzle.core.fast;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The direct-mapped memory of boards a beam met lately. */
class RecentBoardsTest {

    @Test
    void aBoardIsNewOnlyTheFirstTimeItIsAdded() {
        RecentBoards recent = new RecentBoards();
        assertTrue(recent.add(0x1234_5678_9abc_def0L));
        assertFalse(recent.add(0x1234_5678_9abc_def0L));
        assertTrue(recent.add(0x0fed_cba9_8765_4321L));
    }

    @Test
    void aBoardWhoseSlotAnotherTookIsForgotten() {
        RecentBoards recent = new RecentBoards();
        long first = 5;
        long sameSlot = first + RecentBoards.SLOTS;
        recent.add(first);
        assertTrue(recent.add(sameSlot));
        assertTrue(recent.add(first), "the board that lost its slot counts as new");
        assertFalse(recent.add(first));
    }

    @Test
    void clearingForgetsEveryBoard() {
        RecentBoards recent = new RecentBoards();
        recent.add(42);
        recent.clear();
        assertTrue(recent.add(42));
    }
}
