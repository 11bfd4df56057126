package io.npuzzle.core.board;

import java.util.Random;

/** Random boards and scrambles, for tests, benchmarks and demonstrations. */
public final class RandomBoards {

    private RandomBoards() {
    }

    /** A random arrangement of the shape's tiles, solvable or not. */
    public static Board shuffled(Shape shape, Random random) {
        int[] tiles = new int[shape.size()];
        for (int i = 0; i < tiles.length; i++) {
            tiles[i] = i;
        }
        for (int i = tiles.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int swap = tiles[i];
            tiles[i] = tiles[j];
            tiles[j] = swap;
        }
        return Board.of(shape, tiles);
    }

    /** A random solvable puzzle towards {@code goal}. */
    public static Puzzle solvable(Board goal, Random random) {
        while (true) {
            Puzzle puzzle = new Puzzle(shuffled(goal.shape(), random), goal);
            if (puzzle.isSolvable()) {
                return puzzle;
            }
        }
    }

    /** The goal scrambled by a random walk of {@code length} blank moves that never undoes the last one. */
    public static Puzzle scrambled(Board goal, int length, Random random) {
        Shape shape = goal.shape();
        StringBuilder moves = new StringBuilder(length);
        int blank = goal.blankIndex();
        Move last = null;
        while (moves.length() < length) {
            Move move = Move.all()[random.nextInt(4)];
            int next = shape.neighbour(blank, move);
            if (next >= 0 && move.opposite() != last) {
                moves.append(move.letter());
                blank = next;
                last = move;
            }
        }
        return new Puzzle(goal.apply(moves), goal);
    }
}
