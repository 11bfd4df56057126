package io.npuzzle.core.fast;

import io.npuzzle.core.board.Board;
import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.board.RandomBoards;
import io.npuzzle.core.board.Shape;
import io.npuzzle.core.table.ExactTable;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Windows of an answer replaced by shorter paths between the same boards. */
class PathShortenerTest {

    private static final long NO_DEADLINE = Long.MAX_VALUE;

    @Test
    void detoursAreCutAndTheAnswerStillReachesTheSameBoard() {
        Shape six = Shape.of(6, 6);
        Board start = Board.solved(six);
        // Two detours of eight moves that turn three tiles and back, in a walk of the blank along the border.
        String moves = "ulllll" + "urdl" + "ruld" + "uuuu" + "rrrrr" + "ldru" + "dlur" + "ddddd";
        String shorter = new PathShortener(six, PathShortener.WINDOW, PathShortener.WINDOW_NODES, () -> false).shorten(start.tileBytes(), moves, NO_DEADLINE);
        assertEquals(start.apply(moves), start.apply(shorter));
        assertTrue(shorter.length() <= moves.length() - 16, shorter.length() + " moves of " + moves.length());
    }

    @Test
    void shortestAnswersAreLeftAsLongAsTheyAre() {
        Shape eight = Shape.of(3, 3);
        ExactTable table = ExactTable.build(eight, 8);
        Random random = new Random(3);
        for (int trial = 0; trial < 20; trial++) {
            Puzzle puzzle = RandomBoards.solvable(Board.solved(eight), random);
            String shortest = table.solve(puzzle.relabelledStart());
            String shortened = new PathShortener(eight, PathShortener.WINDOW, PathShortener.WINDOW_NODES, () -> false).shorten(puzzle.relabelledStart(), shortest, NO_DEADLINE);
            assertEquals(shortest.length(), shortened.length());
            assertEquals(puzzle.goal(), puzzle.start().apply(shortened));
        }
    }

    @Test
    void nothingIsSearchedPastTheDeadline() {
        Shape six = Shape.of(6, 6);
        String moves = "uldr".repeat(20);
        assertEquals(moves, new PathShortener(six, PathShortener.WINDOW, PathShortener.WINDOW_NODES, () -> false).shorten(Board.solved(six).tileBytes(), moves, System.nanoTime()));
    }
}
