package io.npuzzle.core.pdb;

import io.npuzzle.core.board.Board;
import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.board.RandomBoards;
import io.npuzzle.core.board.Shape;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RegionPatternsTest {

    private static final Shape FOUR = Shape.of(4, 4);
    private static final Shape SIX = Shape.of(6, 6);

    /**
     * The 4x4 region in the bottom right corner of a 6x6 board, its tiles shuffled, the rest home: each pattern's
     * entry read through the board's labels and cells is the entry the region's own estimate reads, and a move
     * changes a pattern's index by the difference of the moved tile's two terms.
     */
    @Test
    void aRegionOfALargerBoardReadsWhatItsOwnEstimateReads() {
        PdbHeuristic region = TestDatabases.shared().heuristic(FOUR, 15, LoadPolicy.LOAD);
        RegionPatterns patterns = RegionPatterns.of(region, SIX, 35, 2, 2);
        assertEquals(region.groupCount(0), patterns.patterns());
        assertEquals(-1, patterns.patternOf(Puzzle.canonicalLabel(0, 35)), "a tile of the outer rows is in none");
        Random random = new Random(4);
        for (int trial = 0; trial < 200; trial++) {
            byte[] local = RandomBoards.solvable(Board.solved(FOUR), random).relabelledStart();
            byte[] board = embedded(local);
            int[] positionOf = new int[16];
            for (int cell = 0; cell < 16; cell++) {
                positionOf[local[cell]] = cell;
            }
            for (int localLabel = 1; localLabel < 16; localLabel++) {
                GroupLookup group = region.lookupOf(0, localLabel);
                int label = boardLabel(localLabel);
                int pattern = patterns.patternOf(label);
                assertEquals(group.index(), pattern);
                assertEquals(group.entry(positionOf), patterns.entry(pattern, patterns.indexOf(pattern, board, 0)));
            }
            int blank = Board.cellOf(board, 0);
            int from = blank - 1; // the tile left of the blank, which is never in the region's first column
            if (SIX.col(blank) > 2) {
                int label = board[from];
                int pattern = patterns.patternOf(label);
                int before = patterns.indexOf(pattern, board, 0);
                board[blank] = (byte) label;
                board[from] = 0;
                assertEquals(before + patterns.indexTerm(label, blank) - patterns.indexTerm(label, from),
                        patterns.indexOf(pattern, board, 0));
            }
        }
    }

    @Test
    void aViewReadThroughRankedTablesHasNoRegionPatterns() {
        // Loaded afresh from the shared store, so that no positional table is laid out yet.
        PatternDatabaseStore store = new PatternDatabaseStore(TestDatabases.shared().directory());
        try (LayoutHold hold = LayoutHold.start()) {
            PdbHeuristic ranked = PdbHeuristic.assemble(FOUR, 15, Partitions.views(FOUR, 15, DatabaseSet.STANDARD),
                    store::load, LayoutWait.IN_BACKGROUND);
            assertTrue(ranked.awaitsLayout());
            assertNull(RegionPatterns.of(ranked, SIX, 35, 2, 2));
        }
    }

    /** A 6x6 board whose bottom right 4x4 corner holds the region's tiles, relabelled, and whose other tiles are home. */
    private static byte[] embedded(byte[] local) {
        byte[] board = new byte[36];
        for (int cell = 0; cell < 36; cell++) {
            board[cell] = (byte) Puzzle.canonicalLabel(cell, 35);
        }
        for (int cell = 0; cell < 16; cell++) {
            int boardCell = (2 + FOUR.row(cell)) * 6 + 2 + FOUR.col(cell);
            board[boardCell] = (byte) (local[cell] == 0 ? 0 : boardLabel(local[cell]));
        }
        return board;
    }

    /** The board label of a region label: the label of its goal cell carried into the corner. */
    private static int boardLabel(int localLabel) {
        int goal = Puzzle.canonicalGoalCell(localLabel, 15);
        return Puzzle.canonicalLabel((2 + FOUR.row(goal)) * 6 + 2 + FOUR.col(goal), 35);
    }
}
