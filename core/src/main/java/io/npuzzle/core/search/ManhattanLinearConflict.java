package io.npuzzle.core.search;

import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.board.Shape;

/**
 * Manhattan distance plus linear conflicts, over states relabelled against a canonical goal. A line's
 * conflicts cost two moves for each tile that must leave the line so that the rest are in goal order; that
 * minimum is the line's length minus its longest increasing run of goal positions, which keeps the sum
 * admissible (the pairwise count is not). The run is found by patience sorting over a bit set of pile tops,
 * without a branch per tile: beams score every child by the change of a line, and the branches of a sort were
 * most of a child's cost (70 ns before). Immutable; safe to share between threads.
 */
public final class ManhattanLinearConflict implements StateEstimate {

    private final int rows;
    private final int cols;
    private final int n;
    private final int[] goalRow;
    private final int[] goalCol;
    private final int[] rowOf;
    private final int[] colOf;
    /** Per row and label ({@code row * n + label}), the bit of the label's goal column if the row is its goal row, else 0. */
    private final int[] rowBit;
    /** Per column and label, the bit of the label's goal row if the column is its goal column, else 0. */
    private final int[] colBit;
    private final int[] manhattan;

    public ManhattanLinearConflict(Shape shape, int goalBlank) {
        this.rows = shape.rows();
        this.cols = shape.cols();
        this.n = shape.size();
        goalRow = new int[n];
        goalCol = new int[n];
        rowOf = new int[n];
        colOf = new int[n];
        rowBit = new int[rows * n];
        colBit = new int[cols * n];
        manhattan = new int[n * n];
        for (int cell = 0; cell < n; cell++) {
            rowOf[cell] = cell / cols;
            colOf[cell] = cell % cols;
        }
        for (int label = 1; label < n; label++) {
            int goal = Puzzle.canonicalGoalCell(label, goalBlank);
            goalRow[label] = goal / cols;
            goalCol[label] = goal % cols;
            rowBit[goalRow[label] * n + label] = 1 << goalCol[label];
            colBit[goalCol[label] * n + label] = 1 << goalRow[label];
            for (int cell = 0; cell < n; cell++) {
                manhattan[label * n + cell] = shape.distance(goal, cell);
            }
        }
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
     * slides into the blank at {@code blankCell}; the board is left as it was.
     */
    public int change(byte[] boards, int base, int blankCell, int tileCell) {
        int line = changedLine(boards, base, blankCell, tileCell);
        int distance = distanceChange(boards, base, blankCell, tileCell);
        return line < 0 ? distance
                : distance + lineConflictsAfter(boards, base, blankCell, tileCell, line)
                - lineConflicts(boards, base, line);
    }

    /** How the moved tile's Manhattan distance changes in that slide. */
    public int distanceChange(byte[] boards, int base, int blankCell, int tileCell) {
        int label = boards[base + tileCell];
        return manhattan[label * n + blankCell] - manhattan[label * n + tileCell];
    }

    /** The lines whose conflicts are counted: the rows, then the columns. */
    public int lines() {
        return rows + cols;
    }

    /**
     * The one line whose conflicts that slide may change, or -1: only the line the tile belongs to by its goal can
     * change, since a vertical slide keeps the order of every column, and a row's conflicts count only the tiles
     * whose goal row it is (and alike for a horizontal slide).
     */
    public int changedLine(byte[] boards, int base, int blankCell, int tileCell) {
        int label = boards[base + tileCell];
        if (colOf[blankCell] == colOf[tileCell]) {
            int goal = goalRow[label];
            return goal == rowOf[tileCell] || goal == rowOf[blankCell] ? goal : -1;
        }
        int goal = goalCol[label];
        return goal == colOf[tileCell] || goal == colOf[blankCell] ? rows + goal : -1;
    }

    /** The conflicts of a line ({@link #lines}) of the board at {@code base} of {@code boards}. */
    public int lineConflicts(byte[] boards, int base, int line) {
        return line < rows ? rowConflicts(boards, base, line) : colConflicts(boards, base, line - rows);
    }

    /** The conflicts of {@code line} after the slide; the board is left as it was. */
    public int lineConflictsAfter(byte[] boards, int base, int blankCell, int tileCell, int line) {
        byte label = boards[base + tileCell];
        boards[base + blankCell] = label;
        boards[base + tileCell] = 0;
        int after = lineConflicts(boards, base, line);
        boards[base + tileCell] = label;
        boards[base + blankCell] = 0;
        return after;
    }

    private int rowConflicts(byte[] boards, int base, int row) {
        int first = base + row * cols;
        int bits = row * n;
        int tiles = 0;
        int tops = 0;
        for (int c = 0; c < cols; c++) {
            int bit = rowBit[bits + boards[first + c]];
            tiles |= bit;
            tops = place(tops, bit);
        }
        return 2 * (Integer.bitCount(tiles) - Integer.bitCount(tops));
    }

    private int colConflicts(byte[] boards, int base, int col) {
        int bits = col * n;
        int tiles = 0;
        int tops = 0;
        for (int cell = base + col; cell < base + n; cell += cols) {
            int bit = colBit[bits + boards[cell]];
            tiles |= bit;
            tops = place(tops, bit);
        }
        return 2 * (Integer.bitCount(tiles) - Integer.bitCount(tops));
    }

    /**
     * One step of patience sorting over distinct goal positions, the pile tops kept as a bit set: the tile's bit
     * replaces the lowest top above it, or starts a new pile; no bit (a tile of another line) changes nothing. The
     * piles at the end are as many as the longest increasing run.
     */
    private static int place(int tops, int bit) {
        int above = tops & -bit;
        return tops ^ (above & -above) | bit;
    }
}
