package io.npuzzle.core.fast;

import io.npuzzle.core.board.Board;
import io.npuzzle.core.board.Move;
import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.board.RandomBoards;
import io.npuzzle.core.board.Shape;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Whole lines placed by one search on random 6x6 boards, the goal blank in the last cell. */
class GroupPlacerTest {

    private static final Shape SIX = Shape.of(6, 6);
    private static final int GOAL_BLANK = 35;
    private static final long ALL = (1L << 36) - 1;

    @Test
    void aRowIsPlacedByLegalMovesThatLeaveThePlacedCellsAlone() {
        Random random = new Random(6);
        for (int trial = 0; trial < 5; trial++) {
            byte[] state = RandomBoards.solvable(Board.solved(SIX), random).relabelledStart();
            // Column 0 is placed already; the top row's other five cells are the group.
            byte[] placed = placeColumnZero(state);
            int blank = Board.cellOf(placed, 0);
            long free = ALL & ~0b000001_000001_000001_000001_000001_000001L;
            int[] cells = {1, 2, 3, 4, 5};
            int[] labels = new int[cells.length];
            for (int i = 0; i < cells.length; i++) {
                labels[i] = Puzzle.canonicalLabel(cells[i], GOAL_BLANK);
            }
            byte[] before = placed.clone();
            String moves = new GroupPlacer(SIX).place(placed, blank, free, labels, cells, 100_000, 4);
            assertNotNull(moves);
            assertArrayEquals(before, placed, "the board is left unchanged");
            byte[] after = play(placed, blank, moves, free);
            for (int i = 0; i < cells.length; i++) {
                assertEquals(labels[i], after[cells[i]], "cell " + cells[i] + " after " + moves);
            }
            for (int cell = 0; cell < 36; cell += 6) {
                assertEquals(before[cell], after[cell], "placed cell " + cell);
            }
        }
    }

    @Test
    void aSearchOutOfNodesFindsNothing() {
        byte[] state = RandomBoards.solvable(Board.solved(SIX), new Random(7)).relabelledStart();
        int[] cells = {0, 1, 2, 3, 4, 5};
        int[] labels = {1, 2, 3, 4, 5, 6};
        assertNull(new GroupPlacer(SIX).place(state, Board.cellOf(state, 0), ALL, labels, cells, 10, 4));
    }

    /** Swaps the tiles of column 0 home, as if placed earlier; the blank, not bound there, ends elsewhere. */
    private static byte[] placeColumnZero(byte[] state) {
        byte[] board = state.clone();
        for (int cell = 0; cell < 36; cell += 6) {
            int label = Puzzle.canonicalLabel(cell, GOAL_BLANK);
            int from = Board.cellOf(board, label);
            board[from] = board[cell];
            board[cell] = (byte) label;
        }
        return board;
    }

    /** Plays the moves, each keeping the blank inside the free cells. */
    private static byte[] play(byte[] state, int blank, String moves, long free) {
        byte[] board = state.clone();
        for (char letter : moves.toCharArray()) {
            int next = SIX.neighbour(blank, Move.ofLetter(letter));
            assertTrue(next >= 0 && (free & (1L << next)) != 0, "move " + letter + " from " + blank);
            board[blank] = board[next];
            board[next] = 0;
            blank = next;
        }
        return board;
    }
}
