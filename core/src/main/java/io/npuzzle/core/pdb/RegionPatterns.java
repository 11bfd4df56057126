package io.npuzzle.core.pdb;

import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.board.Shape;

import java.util.Arrays;

/**
 * The patterns of one view of a region's estimate, addressed by the labels and cells of the whole board the region
 * lies in, for a search that keeps each board's table indexes itself (a beam over many boards at once): a tile's
 * move changes its pattern's positional index by the difference of two {@link #indexTerm terms}, and
 * {@link #entry} reads the half excess there. Only views whose databases are all read positionally have one.
 * Immutable; shared between threads.
 */
public final class RegionPatterns {

    private final int n;
    /** Per board label, its pattern, or -1 for labels whose goal lies outside the region. */
    private final int[] patternOf;
    /** Per board label and cell ({@code label * n + cell}), what the label standing there adds to its pattern's index. */
    private final int[] indexTerm;
    /** Per pattern, the positional table. */
    private final byte[][] tables;

    private RegionPatterns(int n, int[] patternOf, int[] indexTerm, byte[][] tables) {
        this.n = n;
        this.patternOf = patternOf;
        this.indexTerm = indexTerm;
        this.tables = tables;
    }

    /**
     * The first view of {@code estimate} (on the region's own shape and canonical labels) for the region of a
     * {@code board} whose top left cell is ({@code top}, {@code left}) and whose goal blank cell is
     * {@code boardGoalBlank}; null when some database of the view is not read positionally (yet).
     */
    public static RegionPatterns of(PdbHeuristic estimate, Shape board, int boardGoalBlank, int top, int left) {
        Shape region = estimate.shape();
        int n = board.size();
        int count = estimate.groupCount(0);
        int[] patternOf = new int[n];
        int[] indexTerm = new int[n * n];
        byte[][] tables = new byte[count][];
        Arrays.fill(patternOf, -1);
        for (int label = 1; label < n; label++) {
            int goal = Puzzle.canonicalGoalCell(label, boardGoalBlank);
            int localGoal = localCell(board, region, top, left, goal);
            if (localGoal < 0) {
                continue;
            }
            int localLabel = Puzzle.canonicalLabel(localGoal, estimate.goalBlank());
            GroupLookup group = estimate.lookupOf(0, localLabel);
            if (!group.positional()) {
                return null;
            }
            int pattern = group.index();
            patternOf[label] = pattern;
            tables[pattern] = group.table();
            int weight = group.weightOf(localLabel);
            for (int cell = 0; cell < n; cell++) {
                int local = localCell(board, region, top, left, cell);
                indexTerm[label * n + cell] = local < 0 ? 0 : group.cellMap()[local] * weight;
            }
        }
        return new RegionPatterns(n, patternOf, indexTerm, tables);
    }

    /** The region's cell of a board cell, or -1 outside it. */
    private static int localCell(Shape board, Shape region, int top, int left, int cell) {
        int row = board.row(cell) - top;
        int col = board.col(cell) - left;
        return row < 0 || col < 0 || row >= region.rows() || col >= region.cols() ? -1 : row * region.cols() + col;
    }

    public int patterns() {
        return tables.length;
    }

    /** The pattern of a board label, or -1 when its goal lies outside the region. */
    public int patternOf(int label) {
        return patternOf[label];
    }

    /** What {@code label} standing on {@code cell} adds to its pattern's index. */
    public int indexTerm(int label, int cell) {
        return indexTerm[label * n + cell];
    }

    /** Half the pattern's excess over its tiles' Manhattan distance at a positional index. */
    public int entry(int pattern, int index) {
        return tables[pattern][index >> 1] >> ((index & 1) << 2) & 15;
    }

    /** The positional index of a pattern on the board of {@code boards} that starts at {@code base}. */
    public int indexOf(int pattern, byte[] boards, int base) {
        int index = 0;
        for (int cell = 0; cell < n; cell++) {
            int label = boards[base + cell];
            if (label != 0 && patternOf[label] == pattern) {
                index += indexTerm(label, cell);
            }
        }
        return index;
    }
}
