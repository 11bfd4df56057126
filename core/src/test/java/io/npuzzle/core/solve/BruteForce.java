package io.npuzzle.core.solve;

import io.npuzzle.core.board.Board;
import io.npuzzle.core.board.Shape;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;

/**
 * Test oracle: plain breadth-first search from the goal over every reachable board, with its own move logic
 * and boxed maps, sharing nothing with the solver but the {@link Board} value type.
 */
final class BruteForce {

    private final Map<Long, Integer> distance = new HashMap<>();

    BruteForce(Board goal) {
        Shape shape = goal.shape();
        int rows = shape.rows();
        int cols = shape.cols();
        ArrayDeque<int[]> queue = new ArrayDeque<>();
        int[] start = goal.tiles();
        distance.put(encode(start), 0);
        queue.add(start);
        while (!queue.isEmpty()) {
            int[] state = queue.poll();
            int d = distance.get(encode(state));
            int blank = 0;
            while (state[blank] != 0) {
                blank++;
            }
            int r = blank / cols;
            int c = blank % cols;
            int[][] steps = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
            for (int[] step : steps) {
                int nr = r + step[0];
                int nc = c + step[1];
                if (nr < 0 || nr >= rows || nc < 0 || nc >= cols) {
                    continue;
                }
                int[] next = state.clone();
                next[blank] = next[nr * cols + nc];
                next[nr * cols + nc] = 0;
                if (distance.putIfAbsent(encode(next), d + 1) == null) {
                    queue.add(next);
                }
            }
        }
    }

    /** Shortest distance from the board to the goal, or -1 when no path exists. */
    int distance(Board board) {
        return distance.getOrDefault(encode(board.tiles()), -1);
    }

    int reachable() {
        return distance.size();
    }

    private static long encode(int[] tiles) {
        long code = 0;
        for (int tile : tiles) {
            code = code * 64 + tile;
        }
        return code;
    }
}
