package io.npuzzle.api;

import io.npuzzle.core.board.Board;
import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.board.Shape;

import java.util.ArrayList;
import java.util.Collections;
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
        List<Integer> tiles = new ArrayList<>(List.of(0, 1, 2, 3, 4, 5, 6, 7, 8));
        Collections.shuffle(tiles, random);
        StringBuilder board = new StringBuilder();
        tiles.forEach(tile -> board.append(board.length() == 0 ? "" : " ").append(tile));
        return board.toString();
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
        Shape shape = Shape.of(rows, cols);
        List<Integer> tiles = new ArrayList<>();
        for (int tile = 0; tile < shape.size(); tile++) {
            tiles.add(tile);
        }
        Collections.shuffle(tiles, random);
        Board board = Board.of(shape, tiles.stream().mapToInt(Integer::intValue).toArray());
        if (!new Puzzle(board, Board.solved(shape)).isSolvable()) {
            // Swapping two tiles flips the permutation's parity, and so solvability.
            int first = tiles.get(0) == 0 ? 1 : 0;
            int second = tiles.get(first + 1) == 0 ? first + 2 : first + 1;
            Collections.swap(tiles, first, second);
            board = Board.of(shape, tiles.stream().mapToInt(Integer::intValue).toArray());
        }
        return board.toString();
    }

    /** The usual goal after a random walk of the blank: at most {@code moves} moves from it. */
    public static String scrambled(int rows, int cols, int moves, Random random) {
        Board board = Board.solved(Shape.of(rows, cols));
        String letters = "udlr";
        for (int done = 0; done < moves; ) {
            try {
                board = board.apply(String.valueOf(letters.charAt(random.nextInt(4))));
                done++;
            } catch (IllegalArgumentException offTheBoard) {
                // Another direction next time.
            }
        }
        return board.toString();
    }
}
