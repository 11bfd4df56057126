package io.npuzzle.core.fast;

import io.npuzzle.core.board.Shape;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Costs of lone tiles on an empty 4x4 region (cells 0..15, row by row). */
class LoneCostsTest {

    private static final Shape FOUR = Shape.of(4, 4);
    private static final long ALL = (1L << 16) - 1;

    @Test
    void aTileHomeCostsNothing() {
        LoneCosts costs = costsFor(0);
        assertEquals(0, costs.estimate(new int[] {0}, 1, 15));
    }

    @Test
    void aTileBesideHomeWithTheBlankHomeCostsOneMove() {
        assertEquals(1, costsFor(0).estimate(new int[] {1}, 1, 0));
    }

    @Test
    void pushingATileOneMoreCellAlongARowCostsFiveMoves() {
        // The tile moves into the blank, then the blank walks round it (four moves) to push it once more.
        assertEquals(6, costsFor(0).estimate(new int[] {2}, 1, 1));
    }

    @Test
    void theBlanksWalkToTheTileIsCharged() {
        // The blank walks from cell 15 round to cell 0 (six moves), then the tile slides home.
        assertEquals(7, costsFor(0).estimate(new int[] {1}, 1, 15));
    }

    @Test
    void theTilesOfAGroupAddUpWithTheBlankChargedOnce() {
        LoneCosts costs = new LoneCosts(FOUR);
        costs.prepare(new int[] {0, 3}, ALL);
        // Each tile is one move from home; the blank already stands at the first tile's home.
        assertEquals(2, costs.estimate(new int[] {1, 2}, 2, 0));
    }

    @Test
    void theBlankGoesRoundCellsThatAreNotFree() {
        // With cell 1 free: the blank walks 5 -> 1 -> 0 and the tile on cell 4 slides up, three moves.
        assertEquals(3, costsFor(0).estimate(new int[] {4}, 1, 5));
        // With cell 1 placed the blank reaches cell 0 only through cell 4, so the tile has to step aside first.
        LoneCosts costs = new LoneCosts(FOUR);
        costs.prepare(new int[] {0}, ALL & ~(1L << 1));
        assertTrue(costs.estimate(new int[] {4}, 1, 5) > 3);
    }

    private static LoneCosts costsFor(int target) {
        LoneCosts costs = new LoneCosts(FOUR);
        costs.prepare(new int[] {target}, ALL);
        return costs;
    }
}
