package io.npuzzle.api;

import io.npuzzle.core.board.Board;
import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.board.RandomBoards;
import io.npuzzle.core.board.Shape;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

/** Boards for tests that submit jobs: many 3x3 ones, and random or scrambled boards of any shape. */
public final class TestBoards {

    private TestBoards() {
    }

    /** A random arrangement of 0..8: about half of them are unsolvable. */
    public static String random3x3(Random random) {
        return RandomBoards.shuffled(Shape.of(3, 3), random).toString();
    }

    /** Distinct solvable 3x3 boards, so that every job needs a solve of its own. */
    public static List<String> distinctSolvable3x3(int count, Random random) {
        Set<String> boards = new HashSet<>();
        List<String> inOrder = new ArrayList<>(count);
        while (inOrder.size() < count) {
            String board = random3x3(random);
            if (Puzzle.parse(board, 3, 3, null).isSolvable() && boards.add(board)) {
                inOrder.add(board);
            }
        }
        return inOrder;
    }

    /** A random solvable arrangement for the usual goal (blank last), as far from it as random boards are. */
    public static String randomSolvable(int rows, int cols, Random random) {
        return RandomBoards.solvable(Board.solved(Shape.of(rows, cols)), random).start().toString();
    }

    /** The usual goal after a random walk of the blank: at most {@code moves} moves from it. */
    public static String scrambled(int rows, int cols, int moves, Random random) {
        return RandomBoards.scrambled(Board.solved(Shape.of(rows, cols)), moves, random).start().toString();
    }
}
