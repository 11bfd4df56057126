package io.npuzzle.core.fast;

import io.npuzzle.core.board.Shape;

/**
 * What placing a group of tiles would cost if each were alone: per tile, per cell of the tile and of the blank,
 * the fewest moves that bring the tile home in an otherwise empty region. As an estimate for the whole group
 * (each tile with the blank where it helps most, plus the blank's extra walk to the tile it reaches first) it is
 * not admissible, since tiles pushed together share moves, but far closer than taxicab distances, which are off
 * by a factor near five for a tile pushed alone. One instance serves one thread.
 */
final class LoneCosts {

    private static final int UNREACHABLE = Integer.MAX_VALUE / 4;

    private final int n;
    private final int[][] neighbour;
    private final int[] queue;
    private int[] targets = new int[0];
    /** Per tile of the group, per cell a of the tile and b of the blank (a * n + b): moves to bring it home. */
    private int[][] cost = new int[0][];
    /** Per tile of the group, per cell of the tile: the least cost over the blank's cells. */
    private int[][] best = new int[0][];

    LoneCosts(Shape shape) {
        n = shape.size();
        neighbour = shape.neighbourByMove();
        queue = new int[n * n];
    }

    /** Computes the costs of tiles bound for {@code groupTargets}, the blank moving within {@code free}. */
    void prepare(int[] groupTargets, long free) {
        targets = groupTargets;
        if (cost.length < targets.length) {
            cost = new int[targets.length][n * n];
            best = new int[targets.length][n];
        }
        for (int i = 0; i < targets.length; i++) {
            search(targets[i], free, cost[i]);
            for (int a = 0; a < n; a++) {
                int least = UNREACHABLE;
                for (int b = 0; b < n; b++) {
                    least = Math.min(least, cost[i][a * n + b]);
                }
                best[i][a] = least;
            }
        }
    }

    /**
     * The estimate of a state with the group's i-th tile on {@code cells[i]} (the first {@code count} tiles of
     * the group) and the blank on {@code blank}: zero exactly when every tile is home.
     */
    int estimate(int[] cells, int count, int blank) {
        int h = 0;
        int approach = UNREACHABLE;
        for (int i = 0; i < count; i++) {
            int a = cells[i];
            if (a != targets[i]) {
                h += best[i][a];
                approach = Math.min(approach, cost[i][a * n + blank] - best[i][a]);
            }
        }
        return approach == UNREACHABLE ? h : h + approach;
    }

    /**
     * A breadth-first search backwards from every state with the tile on {@code target} (moves are their own
     * inverses) over (cell of the tile, cell of the blank).
     */
    private void search(int target, long free, int[] d) {
        java.util.Arrays.fill(d, UNREACHABLE);
        int head = 0;
        int tail = 0;
        for (int b = 0; b < n; b++) {
            if (b != target && (free & (1L << b)) != 0) {
                d[target * n + b] = 0;
                queue[tail++] = target * n + b;
            }
        }
        while (head < tail) {
            int s = queue[head++];
            int a = s / n;
            int b = s % n;
            for (int m = 0; m < 4; m++) {
                int next = neighbour[b][m];
                if (next < 0 || (free & (1L << next)) == 0) {
                    continue;
                }
                int t = next == a ? b * n + next : a * n + next;
                if (d[t] == UNREACHABLE) {
                    d[t] = d[s] + 1;
                    queue[tail++] = t;
                }
            }
        }
    }
}
