package io.npuzzle.core.fast;

import io.npuzzle.core.board.Move;
import io.npuzzle.core.board.Shape;

import java.util.Arrays;

/**
 * Brings one or two tiles to their target cells by the fewest blank moves, the blank staying inside a set of
 * free cells: a breadth-first search over (cell of each tracked tile, cell of the blank), all other free
 * tiles being interchangeable. Tracking two tiles at once places the last two tiles of a row or column,
 * which cannot be placed one after the other, and shortens the other placements too. Holds its search
 * arrays, so one instance serves one thread.
 */
final class TilePlacer {

    private final int n;
    private final int[][] neighbour;
    private final int[] seen;
    private final int[] parent;
    private final byte[] moveTo;
    private final int[] queue;
    private int generation;

    TilePlacer(Shape shape) {
        n = shape.size();
        neighbour = new int[n][4];
        for (int cell = 0; cell < n; cell++) {
            for (Move move : Move.all()) {
                neighbour[cell][move.ordinal()] = shape.neighbour(cell, move);
            }
        }
        int states = n * n * n;
        seen = new int[states];
        parent = new int[states];
        moveTo = new byte[states];
        queue = new int[states];
    }

    /**
     * Moves the tiles labelled {@code labels} (one or two) onto {@code targets}, the blank moving only
     * within {@code free} (a bit per cell; the tiles and the blank must stand there). Updates {@code state}
     * and returns the blank's new cell; appends the move letters to {@code out}.
     */
    int place(byte[] state, int blank, long free, int[] labels, int[] targets, StringBuilder out) {
        boolean pair = labels.length == 2;
        int a = indexOf(state, labels[0]);
        int b = pair ? indexOf(state, labels[1]) : 0;
        int goalA = targets[0];
        int goalB = pair ? targets[1] : 0;
        if (++generation == 0) {
            Arrays.fill(seen, 0);
            generation = 1;
        }
        int start = encode(a, b, blank);
        seen[start] = generation;
        queue[0] = start;
        int head = 0;
        int tail = 1;
        int found = -1;
        while (head < tail) {
            int s = queue[head++];
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
                int na = sa;
                int nb = sb;
                if (next == sa) {
                    na = sBlank;
                } else if (pair && next == sb) {
                    nb = sBlank;
                }
                int t = encode(na, nb, next);
                if (seen[t] != generation) {
                    seen[t] = generation;
                    parent[t] = s;
                    moveTo[t] = (byte) m;
                    queue[tail++] = t;
                }
            }
        }
        if (found < 0) {
            throw new IllegalStateException("tiles cannot reach their cells within the free region");
        }
        int length = 0;
        for (int s = found; s != start; s = parent[s]) {
            length++;
        }
        char[] letters = new char[length];
        for (int s = found, i = length - 1; s != start; s = parent[s], i--) {
            letters[i] = Move.all()[moveTo[s]].letter();
        }
        for (char letter : letters) {
            int next = neighbour[blank][Move.ofLetter(letter).ordinal()];
            state[blank] = state[next];
            state[next] = 0;
            blank = next;
        }
        out.append(letters);
        return blank;
    }

    private int encode(int a, int b, int blank) {
        return (a * n + b) * n + blank;
    }

    private static int indexOf(byte[] state, int label) {
        for (int cell = 0; ; cell++) {
            if (state[cell] == label) {
                return cell;
            }
        }
    }
}
