package io.npuzzle.core.search;

import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.board.Shape;

/**
 * Manhattan distance plus linear conflicts, over states relabelled against a canonical goal. A line's
 * conflicts cost two moves for each tile that must leave the line so that the rest are in goal order; that
 * minimum is the line's length minus its longest increasing run of goal positions, which keeps the sum
 * admissible (the pairwise count is not). Holds scratch space, so one instance serves one thread.
 */
public final class ManhattanLinearConflict implements StateEstimate {

    private final int rows;
    private final int cols;
    private final int n;
    private final int[] goalRow;
    private final int[] goalCol;
    private final int[] manhattan;
    private final int[] scratch;

    public ManhattanLinearConflict(Shape shape, int goalBlank) {
        this.rows = shape.rows();
        this.cols = shape.cols();
        this.n = shape.size();
        goalRow = new int[n];
        goalCol = new int[n];
        manhattan = new int[n * n];
        for (int label = 1; label < n; label++) {
            int goal = Puzzle.canonicalGoalCell(label, goalBlank);
            goalRow[label] = goal / cols;
            goalCol[label] = goal % cols;
            for (int cell = 0; cell < n; cell++) {
                manhattan[label * n + cell] = shape.distance(goal, cell);
            }
        }
        scratch = new int[Math.max(rows, cols)];
    }

    @Override
    public int estimate(byte[] state) {
        int h = 0;
        for (int cell = 0; cell < n; cell++) {
            int label = state[cell];
            if (label != 0) {
                h += manhattan[label * n + cell];
            }
        }
        for (int r = 0; r < rows; r++) {
            h += rowConflicts(state, 0, r);
        }
        for (int c = 0; c < cols; c++) {
            h += colConflicts(state, 0, c);
        }
        return h;
    }

    /**
     * Estimate after the tile at {@code tileCell} slides into the blank at {@code blankCell}, given the estimate
     * {@code before} of {@code state}. The state is updated in place.
     */
    @Override
    public int slide(byte[] state, int blankCell, int tileCell, int before) {
        int after = before + change(state, 0, blankCell, tileCell);
        state[blankCell] = state[tileCell];
        state[tileCell] = 0;
        return after;
    }

    /**
     * How the estimate of the board at {@code base} of {@code boards} changes when the tile at {@code tileCell}
     * slides into the blank at {@code blankCell}; the board is left as it was. Only the line the tile belongs to
     * by its goal can change its conflicts: a vertical slide keeps the order of every column, and a row's
     * conflicts count only the tiles whose goal row it is (and alike for a horizontal slide).
     */
    public int change(byte[] boards, int base, int blankCell, int tileCell) {
        int label = boards[base + tileCell];
        int distance = manhattan[label * n + blankCell] - manhattan[label * n + tileCell];
        boolean vertical = blankCell % cols == tileCell % cols;
        int line;
        if (vertical) {
            int goal = goalRow[label];
            line = goal == tileCell / cols || goal == blankCell / cols ? goal : -1;
        } else {
            int goal = goalCol[label];
            line = goal == tileCell % cols || goal == blankCell % cols ? goal : -1;
        }
        if (line < 0) {
            return distance;
        }
        int conflicts = vertical ? rowConflicts(boards, base, line) : colConflicts(boards, base, line);
        boards[base + blankCell] = (byte) label;
        boards[base + tileCell] = 0;
        int conflictsAfter = vertical ? rowConflicts(boards, base, line) : colConflicts(boards, base, line);
        boards[base + tileCell] = (byte) label;
        boards[base + blankCell] = 0;
        return distance + conflictsAfter - conflicts;
    }

    private int rowConflicts(byte[] boards, int base, int row) {
        int count = 0;
        int first = base + row * cols;
        for (int c = 0; c < cols; c++) {
            int label = boards[first + c];
            if (label != 0 && goalRow[label] == row) {
                scratch[count++] = goalCol[label];
            }
        }
        return 2 * (count - longestIncreasing(count));
    }

    private int colConflicts(byte[] boards, int base, int col) {
        int count = 0;
        for (int r = 0; r < rows; r++) {
            int label = boards[base + r * cols + col];
            if (label != 0 && goalCol[label] == col) {
                scratch[count++] = goalRow[label];
            }
        }
        return 2 * (count - longestIncreasing(count));
    }

    /** Length of the longest strictly increasing subsequence of scratch[0..count), patience style in place. */
    private int longestIncreasing(int count) {
        if (count < 2) {
            return count;
        }
        // Tails are written over the already-read prefix: tail index < read index always holds.
        int length = 0;
        for (int i = 0; i < count; i++) {
            int value = scratch[i];
            int pos = 0;
            while (pos < length && scratch[pos] < value) {
                pos++;
            }
            scratch[pos] = value;
            if (pos == length) {
                length++;
            }
        }
        return length;
    }
}
