package io.npuzzle.core.pdb;

import io.npuzzle.core.board.Shape;

/**
 * The goal cells of a pattern's tiles on one shape. A placement of the pattern (where each of its tiles
 * stands, tiles taken in ascending order of their goal cells) is ranked as a partial permutation, so a
 * database for k tiles on n cells holds exactly n!/(n-k)! entries.
 */
public record Pattern(Shape shape, int cellMask) {

    /** Boards up to 5x5: cell sets are int masks. */
    public static final int MAX_CELLS = 25;
    /** Largest database, 16!/8!: the eight-tile half of the 7-8 partition of 4x4. */
    public static final int MAX_ENTRIES = 518_918_400;

    public Pattern {
        int n = shape.size();
        if (n > MAX_CELLS) {
            throw new IllegalArgumentException("pattern databases support at most " + MAX_CELLS + " cells");
        }
        if (cellMask == 0 || (cellMask >>> n) != 0) {
            throw new IllegalArgumentException("pattern cells outside the " + shape + " board");
        }
        if (entries(n, Integer.bitCount(cellMask)) > MAX_ENTRIES) {
            throw new IllegalArgumentException("pattern of " + Integer.bitCount(cellMask) + " tiles is too large");
        }
    }

    public int tileCount() {
        return Integer.bitCount(cellMask);
    }

    /** Goal cells in ascending order: the order in which tiles are ranked. */
    public int[] cells() {
        int[] cells = new int[tileCount()];
        int rest = cellMask;
        for (int i = 0; i < cells.length; i++) {
            cells[i] = Integer.numberOfTrailingZeros(rest);
            rest &= rest - 1;
        }
        return cells;
    }

    /** Number of placements, n!/(n-k)!. */
    public int entries() {
        return (int) entries(shape.size(), tileCount());
    }

    /** Stable text naming the pattern, used in file names. */
    public String key() {
        return shape + "-" + String.format("%08x", cellMask);
    }

    /** Number of placements of k tiles on n cells. */
    static long entries(int n, int k) {
        long entries = 1;
        for (int i = 0; i < k; i++) {
            entries *= n - i;
        }
        return entries;
    }

    /**
     * Rank of a placement: tile i of the pattern (in cell order) is the label {@code members[i]}, which stands
     * on cell {@code positionOf[members[i]]}, seen through {@code cellMap}. Mixed radix n, n-1, ...: digit i
     * counts the free cells below tile i's cell, so ranks are dense in 0..entries-1.
     */
    public static int rank(int n, int[] members, int[] cellMap, int[] positionOf) {
        int rank = 0;
        int used = 0;
        for (int i = 0; i < members.length; i++) {
            int cell = cellMap[positionOf[members[i]]];
            rank = rank * (n - i) + cell - Integer.bitCount(used & ((1 << cell) - 1));
            used |= 1 << cell;
        }
        return rank;
    }

    /** Writes the cells of the placement with the given rank into {@code cells[0..k)}. */
    public void unrank(int rank, int[] cells) {
        int n = shape.size();
        int k = tileCount();
        for (int i = k - 1; i >= 0; i--) {
            cells[i] = rank % (n - i); // the digit, turned into a cell below
            rank /= n - i;
        }
        int used = 0;
        for (int i = 0; i < k; i++) {
            int free = ~used;
            for (int skip = cells[i]; skip > 0; skip--) {
                free &= free - 1;
            }
            cells[i] = Integer.numberOfTrailingZeros(free);
            used |= 1 << cells[i];
        }
    }
}
