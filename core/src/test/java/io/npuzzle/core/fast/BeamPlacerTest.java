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

/** Beams that place the outer tiles of a region, or all of them, by legal moves within the region. */
class BeamPlacerTest {

    private static final long CHILDREN = 1_000_000;
    private static final long NO_DEADLINE = Long.MAX_VALUE;

    @Test
    void aBeamPlacesEveryTileOutsideTheBlockAroundTheGoalBlankWhateverTheGoal() {
        Shape seven = Shape.of(7, 7);
        Random random = new Random(7);
        for (Board goal : new Board[] {Board.solved(seven), Board.blankFirst(seven), RandomBoards.shuffled(seven, random)}) {
            Puzzle puzzle = RandomBoards.solvable(goal, random);
            int goalBlank = puzzle.goalBlank();
            int top = Math.max(0, Math.min(seven.row(goalBlank) - 3, 1));
            int left = Math.max(0, Math.min(seven.col(goalBlank) - 3, 1));
            BeamPlacer.Block block = new BeamPlacer.Block(top, left, 6, 6);
            byte[] state = puzzle.relabelledStart();
            byte[] before = state.clone();
            String moves = new BeamPlacer(seven).place(state, puzzle.start().blankIndex(), goalBlank,
                    new BeamPlacer.Block(0, 0, 7, 7), block, CHILDREN, NO_DEADLINE);
            assertNotNull(moves, "no beam towards " + goal);
            assertArrayEquals(before, state, "the board is left unchanged");
            byte[] after = play(seven, state, moves, new BeamPlacer.Block(0, 0, 7, 7));
            for (int cell = 0; cell < seven.size(); cell++) {
                if (!block.holds(seven.row(cell), seven.col(cell))) {
                    assertEquals(Puzzle.canonicalLabel(cell, goalBlank), after[cell], "cell " + cell + " towards " + goal);
                }
            }
        }
    }

    @Test
    void aBeamWithAnEmptyBlockSolvesTheRegionAndLeavesTheCellsOutsideItAlone() {
        Shape eight = Shape.of(8, 8);
        int goalBlank = eight.size() - 1;
        // A 6x6 region in the bottom right corner, its tiles shuffled; the two outer rows and columns are home.
        Puzzle six = RandomBoards.solvable(Board.solved(Shape.of(6, 6)), new Random(8));
        byte[] state = new byte[eight.size()];
        for (int cell = 0; cell < eight.size(); cell++) {
            state[cell] = (byte) Puzzle.canonicalLabel(cell, goalBlank);
        }
        for (int r = 0; r < 6; r++) {
            for (int c = 0; c < 6; c++) {
                int tile = six.start().tileAt(r * 6 + c);
                state[(r + 2) * 8 + c + 2] = (byte) (tile == 0 ? 0 : (2 + (tile - 1) / 6) * 8 + 2 + (tile - 1) % 6 + 1);
            }
        }
        BeamPlacer.Block region = new BeamPlacer.Block(2, 2, 6, 6);
        String moves = new BeamPlacer(eight).place(state, Board.cellOf(state, 0), goalBlank, region,
                new BeamPlacer.Block(0, 0, 0, 0), CHILDREN, NO_DEADLINE);
        assertNotNull(moves);
        byte[] after = play(eight, state, moves, region);
        for (int cell = 0; cell < eight.size(); cell++) {
            assertEquals(Puzzle.canonicalLabel(cell, goalBlank), after[cell], "cell " + cell);
        }
        assertTrue(moves.length() < 400, moves.length() + " moves for a 6x6 region");
    }

    @Test
    void aBeamOutOfChildrenOrTimeFindsNothing() {
        Shape eight = Shape.of(8, 8);
        Puzzle puzzle = RandomBoards.solvable(Board.solved(eight), new Random(9));
        BeamPlacer.Block all = new BeamPlacer.Block(0, 0, 8, 8);
        BeamPlacer.Block block = new BeamPlacer.Block(2, 2, 6, 6);
        BeamPlacer placer = new BeamPlacer(eight);
        byte[] state = puzzle.relabelledStart();
        int blank = puzzle.start().blankIndex();
        assertNull(placer.place(state, blank, puzzle.goalBlank(), all, block, 100, NO_DEADLINE));
        assertNull(placer.place(state, blank, puzzle.goalBlank(), all, block, CHILDREN, System.nanoTime()));
    }

    /** Plays the moves, each keeping the blank within the region; returns the board after them. */
    private static byte[] play(Shape shape, byte[] state, String moves, BeamPlacer.Block region) {
        byte[] board = state.clone();
        int blank = Board.cellOf(board, 0);
        for (int i = 0; i < moves.length(); i++) {
            int next = shape.neighbour(blank, Move.ofLetter(moves.charAt(i)));
            assertTrue(next >= 0 && region.holds(shape.row(next), shape.col(next)), "move " + i + " leaves the region");
            board[blank] = board[next];
            board[next] = 0;
            blank = next;
        }
        return board;
    }
}
