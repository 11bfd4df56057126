package io.npuzzle.api;

import io.npuzzle.core.board.Puzzle;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

/** 3x3 boards for tests that submit many jobs. */
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
}
