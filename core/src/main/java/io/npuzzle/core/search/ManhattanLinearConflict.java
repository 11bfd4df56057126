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
    private final int[] goalRow;
    private final int[] goalCol;
    private final int[] manhattan;
    private final int[] scratch;

    public ManhattanLinearConflict(Shape shape, int goalBlank) {
        this.rows = shape.rows();
        this.cols = shape.cols();
        int n = shape.size();
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
        int n = state.length;
        int h = 0;
        for (int cell = 0; cell < n; cell++) {
            int label = state[cell];
            if (label != 0) {
                h += manhattan[label * n + cell];
            }
        }
        for (int r = 0; r < rows; r++) {
            h += rowConflicts(state, r);
        }
        for (int c = 0; c < cols; c++) {
            h += colConflicts(state, c);
        }
        return h;
    }

    /**
     * Estimate after the tile at {@code tileCell} slides into the blank at {@code blankCell}, given the estimate
     * {@code before} of {@code state}. The state is updated in place; only the two lines the tile crosses are
     * rescored.
     */
    @Override
    public int slide(byte[] state, int blankCell, int tileCell, int before) {
        int n = state.length;
        int label = state[tileCell];
        boolean vertical = blankCell / cols != tileCell / cols;
        int lines = vertical
                ? rowConflicts(state, blankCell / cols) + rowConflicts(state, tileCell / cols)
                : colConflicts(state, blankCell % cols) + colConflicts(state, tileCell % cols);
        state[blankCell] = (byte) label;
        state[tileCell] = 0;
        int linesAfter = vertical
                ? rowConflicts(state, blankCell / cols) + rowConflicts(state, tileCell / cols)
                : colConflicts(state, blankCell % cols) + colConflicts(state, tileCell % cols);
        return before - manhattan[label * n + tileCell] + manhattan[label * n + blankCell] - lines + linesAfter;
    }

    private int rowConflicts(byte[] state, int row) {
        int count = 0;
        int base = row * cols;
        for (int c = 0; c < cols; c++) {
            int label = state[base + c];
            if (label != 0 && goalRow[label] == row) {
                scratch[count++] = goalCol[label];
            }
        }
        return 2 * (count - longestIncreasing(count));
    }

    private int colConflicts(byte[] state, int col) {
        int count = 0;
        for (int r = 0; r < rows; r++) {
            int label = state[r * cols + col];
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
