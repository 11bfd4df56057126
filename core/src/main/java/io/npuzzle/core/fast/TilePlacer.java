package io.npuzzle.core.fast;

import io.npuzzle.core.board.Board;
import io.npuzzle.core.board.Move;
import io.npuzzle.core.board.Shape;
import it.unimi.dsi.fastutil.ints.IntArrayList;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Brings one or two tiles to their target cells in few blank moves, the blank staying inside a set of free
 * cells: an A* search over (cell of each tracked tile, cell of the blank), all other free tiles being
 * interchangeable. The estimate is the tracked tiles' taxicab distances to their targets plus the blank's
 * walk to the nearest tile still away from home. Tracking two tiles at once places the last two tiles of a
 * row or column, which cannot be placed one after the other, and shortens the other placements too. Holds
 * its search arrays, so one instance serves one thread.
 */
final class TilePlacer {

    private final Shape shape;
    private final int n;
    private final int[][] neighbour;
    private final int[] seen;
    private final int[] cost;
    private final int[] parent;
    private final byte[] moveTo;
    private final List<IntArrayList> open = new ArrayList<>();
    private int generation;

    TilePlacer(Shape shape) {
        this.shape = shape;
        n = shape.size();
        neighbour = shape.neighbourByMove();
        int states = n * n * n;
        seen = new int[states];
        cost = new int[states];
        parent = new int[states];
        moveTo = new byte[states];
    }

    /**
     * Moves the tiles labelled {@code labels} (one or two) onto {@code targets}, the blank moving only
     * within {@code free} (a bit per cell; the tiles and the blank must stand there). Updates {@code state}
     * and returns the blank's new cell; appends the move letters to {@code out}.
     */
    int place(byte[] state, int blank, long free, int[] labels, int[] targets, StringBuilder out) {
        boolean pair = labels.length == 2;
        int goalA = targets[0];
        int goalB = pair ? targets[1] : 0;
        int start = encode(Board.cellOf(state, labels[0]), pair ? Board.cellOf(state, labels[1]) : 0, blank);
        if (++generation == 0) {
            Arrays.fill(seen, 0);
            generation = 1;
        }
        for (IntArrayList bucket : open) {
            bucket.clear();
        }
        seen[start] = generation;
        cost[start] = 0;
        push(estimate(start, goalA, goalB, pair), start);
        int found = -1;
        for (int f = 0; f < open.size() && found < 0; ) {
            IntArrayList bucket = open.get(f);
            if (bucket.isEmpty()) {
                f++;
                continue;
            }
            int s = bucket.popInt();
            int g = cost[s];
            if (g + estimate(s, goalA, goalB, pair) != f) {
                continue; // reached more cheaply since it was queued
            }
            int sBlank = s % n;
            int sb = s / n % n;
            int sa = s / (n * n);
            if (sa == goalA && sb == goalB) {
                found = s;
                break;
            }
            for (int m = 0; m < 4; m++) {
                int next = neighbour[sBlank][m];
                if (next < 0 || (free & (1L << next)) == 0) {
                    continue;
                }
                int na = next == sa ? sBlank : sa;
                int nb = pair && next == sb ? sBlank : sb;
                int t = encode(na, nb, next);
                if (seen[t] != generation || g + 1 < cost[t]) {
                    seen[t] = generation;
                    cost[t] = g + 1;
                    parent[t] = s;
                    moveTo[t] = (byte) m;
                    int childF = g + 1 + estimate(t, goalA, goalB, pair);
                    push(childF, t);
                    f = Math.min(f, childF);
                }
            }
        }
        if (found < 0) {
            throw new IllegalStateException("tiles cannot reach their cells within the free region");
        }
        char[] letters = new char[cost[found]];
        for (int s = found, i = letters.length - 1; s != start; s = parent[s], i--) {
            letters[i] = Move.all()[moveTo[s]].letter();
        }
        String moves = new String(letters);
        out.append(moves);
        return Board.play(shape, state, blank, moves, 0, moves.length());
    }

    /**
     * Taxicab distances of the tracked tiles to their targets, plus the blank's distance to the nearest
     * tracked tile not yet home, less one (the blank must stand beside a tile to move it).
     */
    private int estimate(int s, int goalA, int goalB, boolean pair) {
        int blank = s % n;
        int b = s / n % n;
        int a = s / (n * n);
        int h = 0;
        int approach = Integer.MAX_VALUE;
        if (a != goalA) {
            h += shape.distance(a, goalA);
            approach = shape.distance(blank, a) - 1;
        }
        if (pair && b != goalB) {
            h += shape.distance(b, goalB);
            approach = Math.min(approach, shape.distance(blank, b) - 1);
        }
        return approach == Integer.MAX_VALUE ? h : h + approach;
    }

    private void push(int f, int s) {
        while (open.size() <= f) {
            open.add(new IntArrayList());
        }
        open.get(f).add(s);
    }

    private int encode(int a, int b, int blank) {
        return (a * n + b) * n + blank;
    }
}
