package io.npuzzle.core.pdb;

import io.npuzzle.core.board.Shape;

/**
 * The goal cells of a pattern's tiles on one shape, and the cells where the blank may stand once they are home
 * ({@code blankRegion}): all other cells, or, when the goal cells fence the goal blank cell into a pocket, that
 * pocket alone. Every real solution ends with the blank in its pocket, so the pocket's distances stay admissible
 * and are larger: a tile that leaves the pocket's wall must come back (in the 7-8 partition the seven tiles fence
 * the corner blank, which raises the estimate by a move on average over Korf's instances). A placement of the
 * pattern (where each of its tiles stands, tiles taken in ascending order of their goal cells) is ranked as a
 * partial permutation, so a database for k tiles on n cells holds exactly n!/(n-k)! entries.
 */
public record Pattern(Shape shape, long cellMask, long blankRegion) {

    /** Boards up to 8x8: cell sets are long masks. */
    public static final int MAX_CELLS = 64;
    /** Boards up to this many cells name their patterns by eight hex digits, as before larger boards had any. */
    static final int NARROW_CELLS = 32;
    /** Largest database, 16!/8!: the eight-tile half of the 7-8 partition of 4x4. */
    public static final int MAX_ENTRIES = 518_918_400;

    public Pattern {
        int n = shape.size();
        if (n > MAX_CELLS) {
            throw new IllegalArgumentException("pattern databases support at most " + MAX_CELLS + " cells");
        }
        if (cellMask == 0 || (cellMask & ~allCells(shape)) != 0) {
            throw new IllegalArgumentException("pattern cells outside the " + shape + " board");
        }
        if (entries(n, Long.bitCount(cellMask)) > MAX_ENTRIES) {
            throw new IllegalArgumentException("pattern of " + Long.bitCount(cellMask) + " tiles is too large");
        }
        if (blankRegion == 0 || (blankRegion & ~freeCells(shape, cellMask)) != 0) {
            throw new IllegalArgumentException("the blank's goal cells must be cells outside the pattern");
        }
    }

    /** A pattern whose blank may end on any cell outside it. */
    public Pattern(Shape shape, long cellMask) {
        this(shape, cellMask, freeCells(shape, cellMask));
    }

    /** Whether the blank must end in a pocket, not on any free cell. */
    public boolean fencesBlank() {
        return blankRegion != freeCells(shape, cellMask);
    }

    private static long freeCells(Shape shape, long cellMask) {
        return allCells(shape) & ~cellMask;
    }

    /** The mask of every cell of the shape. */
    static long allCells(Shape shape) {
        return -1L >>> (Long.SIZE - shape.size());
    }

    public int tileCount() {
        return Long.bitCount(cellMask);
    }

    /** Goal cells in ascending order: the order in which tiles are ranked. */
    public int[] cells() {
        int[] cells = new int[tileCount()];
        long rest = cellMask;
        for (int i = 0; i < cells.length; i++) {
            cells[i] = Long.numberOfTrailingZeros(rest);
            rest &= rest - 1;
        }
        return cells;
    }

    /** Number of placements, n!/(n-k)!. */
    public int entries() {
        return (int) entries(shape.size(), tileCount());
    }

    /** Stable text naming the pattern, used in file names: the blank's pocket follows the cells when it has one. */
    public String key() {
        String digits = shape.size() <= NARROW_CELLS ? "%08x" : "%016x";
        String cells = shape + "-" + String.format(digits, cellMask);
        return fencesBlank() ? cells + "-" + String.format(digits, blankRegion) : cells;
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
        long used = 0;
        for (int i = 0; i < members.length; i++) {
            int cell = cellMap[positionOf[members[i]]];
            rank = rank * (n - i) + cell - Long.bitCount(used & ((1L << cell) - 1));
            used |= 1L << cell;
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
        long used = 0;
        for (int i = 0; i < k; i++) {
            long free = ~used;
            for (int skip = cells[i]; skip > 0; skip--) {
                free &= free - 1;
            }
            cells[i] = Long.numberOfTrailingZeros(free);
            used |= 1L << cells[i];
        }
    }
}
