package io.npuzzle.core.pdb;

import io.npuzzle.core.board.Shape;
import io.npuzzle.core.table.ExactTable;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Which disjoint patterns estimate a board for a given goal blank cell. Each view is one partition of the
 * other cells; the estimate is the largest of the views' sums.
 *
 * <p>4x4, blank in a corner: with the {@link DatabaseSet#LARGE large set}, Korf and Felner's 7-8 partition (the
 * blank's two rows, the other two rows) and its mirror image about the diagonal through the blank (Felner, Korf
 * and Hanan, "Additive pattern database heuristics", JAIR 2004); otherwise four 6-6-3 views: the first is Korf and
 * Felner's (the blank's row and two column pairs below it), the second shares one block and moves the other up
 * by a row, the other two are their mirror images. Every block is a symmetric image of every other, so the views
 * need one six-tile database and a few three-tile ones.
 *
 * <p>5x5, blank in a corner: Korf and Felner's 6-6-6-6 partition (four 2x3 blocks around the centre, the
 * blank's block taking the centre instead) and its mirror image; two databases answer all eight patterns. The large
 * set adds a second 6-6-6-6 partition and its mirror image ({@link #SECOND_VIEW_5X5}): four views over six
 * databases, fewer nodes at a lower node rate, faster proofs once every table is read positionally
 * ({@code bench/proofs} with {@code NPUZZLE_PDB_SET=7-8}).
 *
 * <p>4x5 and 5x4, blank in a corner: four 6-6-6-1 and 6-6-5-2 partitions ({@link #CORNER_VIEWS_4X5}); with the
 * large set, two 7-6-6 partitions whose seven-tile blocks fence the blank in ({@link #CORNER_VIEWS_4X5_LARGE}).
 *
 * <p>Any other board from 11 to 25 cells, or goal blank cell: the cells in snake order along the short side,
 * cut into runs of the largest pattern size whose database stays small ({@link #patternSize}), and a second view
 * with the same runs cut from the other end; 4x4 keeps its row strips for blanks off the corners.
 */
public final class Partitions {

    /** The 4x4 6-6-3 corner views for the blank in cell 0, as cell masks; the others are their mirror images. */
    private static final long[][] CORNER_VIEWS_4X4 = {
            {0b0011_0011_0011_0000, 0b1100_1100_1100_0000, 0b0000_0000_0000_1110},
            {0b0011_0011_0011_0000, 0b0000_1100_1100_1100, 0b1100_0000_0000_0010},
    };
    /** The 4x4 7-8 view for the blank in cell 0: the rest of rows 0-1, and rows 2-3. */
    private static final long[] CORNER_VIEW_7_8 = {0b0000_0000_1111_1110, 0b1111_1111_0000_0000};
    /** The 5x5 view for the blank in cell 0: {1,2,5,6,7,12}, {3,4,8,9,13,14}, {10,11,15,16,20,21}, {17,18,19,22,23,24}. */
    private static final long[] CORNER_VIEW_5X5 = {
            cells(1, 2, 5, 6, 7, 12), cells(3, 4, 8, 9, 13, 14), cells(10, 11, 15, 16, 20, 21),
            cells(17, 18, 19, 22, 23, 24),
    };
    /**
     * The large set's second 5x5 partition for the blank in cell 0: {1,2,3,6,7,8}, {4,9,13,14,19,24},
     * {5,10,11,15,16,20}, {12,17,18,21,22,23}. With Korf and Felner's and both mirror images, four views read six
     * databases.
     */
    private static final long[] SECOND_VIEW_5X5 = {
            cells(1, 2, 3, 6, 7, 8), cells(4, 9, 13, 14, 19, 24), cells(5, 10, 11, 15, 16, 20),
            cells(12, 17, 18, 21, 22, 23),
    };
    /**
     * The 4x5 views for the blank in cell 19 (its last corner), chosen by measurement on random boards: the column
     * snake of the generic partition, 2x3 and 3x2 blocks, 3x2 blocks with an L of six cells around the blank, and
     * rows cut in two (6-6-5-2). The largest of the four sums needs several times fewer nodes than the two snake
     * views, and a fifth view costs more lookups than it saves ({@code bench/shapes}).
     */
    private static final long[][] CORNER_VIEWS_4X5 = {
            {cells(0, 5, 10, 15, 16, 11), cells(6, 1, 2, 7, 12, 17), cells(18, 13, 8, 3, 4, 9), cells(14)},
            {cells(0, 1, 2, 5, 6, 7), cells(10, 11, 12, 15, 16, 17), cells(3, 4, 8, 9, 13, 14), cells(18)},
            {cells(0, 1, 5, 6, 10, 11), cells(2, 3, 7, 8, 12, 13), cells(9, 14, 15, 16, 17, 18), cells(4)},
            {cells(0, 1, 2, 3, 4, 5), cells(6, 7, 8, 10, 11, 12), cells(9, 13, 14, 17, 18), cells(15, 16)},
    };
    /**
     * The large set's 4x5 views for the blank in cell 19: the 2x4 block around the blank and the two right columns
     * (with cell 18), each fencing the blank into its corner, beside two 2x3 blocks. Two seven-tile databases (195 MB
     * each) instead of the four views' six-tile ones: fewer nodes per full iteration on the hardest random boards
     * at the same node rate; a third view saves fewer nodes than it costs in node rate ({@code bench/shapes
     * --databases 7-8}).
     */
    private static final long[][] CORNER_VIEWS_4X5_LARGE = {
            {cells(11, 12, 13, 14, 16, 17, 18), cells(0, 1, 5, 6, 10, 15), cells(2, 3, 4, 7, 8, 9)},
            {cells(3, 4, 8, 9, 13, 14, 18), cells(0, 1, 2, 5, 6, 7), cells(10, 11, 12, 15, 16, 17)},
    };
    private static final int CORNER_BLANK_4X5 = 19;
    /** Largest database a generic partition may need, in entries: a few seconds to build. */
    private static final long MAX_GENERIC_ENTRIES = 40_000_000L;
    private static final int MAX_PATTERN_SIZE = 8;
    /** Largest board whose optimal searches read databases: past 5x5 they are out of reach, and A* answers. */
    private static final int MAX_SEARCH_CELLS = 25;
    /** Sides of the squares whose blocks guide beams: those a fast answer's beams work on. */
    private static final int MIN_BLOCK_SIDE = 6;
    private static final int MAX_BLOCK_SIDE = 8;
    private static final Shape FOUR_BY_FOUR = Shape.of(4, 4);
    private static final Shape FIVE_BY_FIVE = Shape.of(5, 5);
    private static final Shape FOUR_BY_FIVE = Shape.of(4, 5);
    private static final Shape FIVE_BY_FOUR = Shape.of(5, 4);

    private Partitions() {
    }

    /**
     * Whether the {@link DatabaseSet#LARGE large set} has views of its own for this shape: 4x4 (the 7-8
     * partition), 4x5 and 5x4 (7-6-6), 5x5 (two 6-6-6-6 partitions).
     */
    public static boolean hasLargeSet(Shape shape) {
        return shape.equals(FOUR_BY_FOUR) || shape.equals(FOUR_BY_FIVE) || shape.equals(FIVE_BY_FOUR)
                || shape.equals(FIVE_BY_FIVE);
    }

    /** Boards too large for an exact table and small enough for IDA* with these databases, up to 5x5. */
    public static boolean supports(Shape shape) {
        return !ExactTable.covers(shape) && shape.size() <= MAX_SEARCH_CELLS;
    }

    /** Square boards from 6x6 to 8x8, whose blocks guide fast answers' beams ({@link #guidesBeams}). */
    public static boolean hasBlocks(Shape shape) {
        return shape.rows() == shape.cols() && shape.rows() >= MIN_BLOCK_SIDE && shape.rows() <= MAX_BLOCK_SIDE;
    }

    /**
     * Whether a region of this shape and goal blank cell has databases that guide beams: a square of
     * {@link #hasBlocks} with the blank in a corner, as the usual goals leave every region a beam works on.
     */
    public static boolean guidesBeams(Shape shape, int goalBlank) {
        return hasBlocks(shape) && isCorner(shape, goalBlank);
    }

    /**
     * Each view is a partition of every cell but the goal blank into pattern cell masks. Up to 5x5 the views an
     * optimal search maximises; on the squares of {@link #guidesBeams} one view of 2x2 blocks.
     */
    public static List<long[]> views(Shape shape, int goalBlank, DatabaseSet set) {
        if (guidesBeams(shape, goalBlank)) {
            return List.<long[]>of(blocks(shape, goalBlank));
        }
        if (!supports(shape)) {
            throw new IllegalArgumentException("no pattern databases for " + shape + " with the goal blank on " + goalBlank);
        }
        if (shape.equals(FOUR_BY_FOUR)) {
            List<long[]> corner = set == DatabaseSet.LARGE ? List.of(CORNER_VIEW_7_8) : List.of(CORNER_VIEWS_4X4);
            List<long[]> views = cornerViews(shape, goalBlank, corner);
            return views != null ? views : rowStrips4x4(shape, goalBlank);
        }
        if (shape.equals(FIVE_BY_FIVE)) {
            List<long[]> views = cornerViews(shape, goalBlank, set == DatabaseSet.LARGE
                    ? List.of(CORNER_VIEW_5X5, SECOND_VIEW_5X5) : List.<long[]>of(CORNER_VIEW_5X5));
            if (views != null) {
                return views;
            }
        }
        if (shape.equals(FOUR_BY_FIVE) || shape.equals(FIVE_BY_FOUR)) {
            List<long[]> views = rectangleCornerViews(shape, goalBlank,
                    set == DatabaseSet.LARGE ? CORNER_VIEWS_4X5_LARGE : CORNER_VIEWS_4X5);
            if (views != null) {
                return views;
            }
        }
        return snakeViews(shape, goalBlank);
    }

    /**
     * 2x2 blocks laid from the corner opposite the goal blank, the blank's own block losing the blank (its three
     * tiles fence the blank in); on odd sides the row and column along the blank are left, and taken in pairs.
     * Blocks keep the tiles that get in each other's way together, which Manhattan distance and linear conflicts
     * miss: as the key of a beam, their excess over Manhattan distance shortens the answers at the same width.
     * Blocks from the far corner place the outer tiles, which a region's first beam brings home, in blocks of their
     * own, which shortens 7x7 answers more than blocks from the blank's corner ({@code bench/fast}).
     */
    private static long[] blocks(Shape shape, int goalBlank) {
        int side = shape.rows();
        // Rows and columns counted from the far corner.
        boolean flipRows = shape.row(goalBlank) == 0;
        boolean flipCols = shape.col(goalBlank) == 0;
        List<Long> patterns = new ArrayList<>();
        for (int r = 0; r + 1 < side; r += 2) {
            for (int c = 0; c + 1 < side; c += 2) {
                long block = 0;
                for (int cell : new int[] {0, 1, side, side + 1}) {
                    block |= 1L << farCell(side, r + cell / side, c + cell % side, flipRows, flipCols);
                }
                patterns.add(block & ~(1L << goalBlank));
            }
        }
        if (side % 2 == 1) {
            // The row and the column along the blank, without its cell, in pairs from the far end.
            for (int along = 0; along + 1 < side; along += 2) {
                patterns.add(1L << farCell(side, side - 1, along, flipRows, flipCols)
                        | 1L << farCell(side, side - 1, along + 1, flipRows, flipCols));
                patterns.add(1L << farCell(side, along, side - 1, flipRows, flipCols)
                        | 1L << farCell(side, along + 1, side - 1, flipRows, flipCols));
            }
        }
        long[] masks = new long[patterns.size()];
        for (int i = 0; i < masks.length; i++) {
            masks[i] = patterns.get(i);
        }
        return masks;
    }

    /** The cell {@code row} rows and {@code col} columns from the corner opposite the goal blank. */
    private static int farCell(int side, int row, int col, boolean flipRows, boolean flipCols) {
        return (flipRows ? side - 1 - row : row) * side + (flipCols ? side - 1 - col : col);
    }

    private static boolean isCorner(Shape shape, int cell) {
        int row = shape.row(cell);
        int col = shape.col(cell);
        return (row == 0 || row == shape.rows() - 1) && (col == 0 || col == shape.cols() - 1);
    }

    /**
     * 4x5 corner views for the blank in cell 19 carried to a corner of a 4x5 or 5x4 board (transposed for 5x4,
     * then flipped); null when the blank is not in a corner.
     */
    private static List<long[]> rectangleCornerViews(Shape shape, int goalBlank, long[][] baseViews) {
        boolean tall = shape.equals(FIVE_BY_FOUR);
        int[] base = new int[FOUR_BY_FIVE.size()];
        for (int cell = 0; cell < base.length; cell++) {
            base[cell] = tall ? FOUR_BY_FIVE.col(cell) * shape.cols() + FOUR_BY_FIVE.row(cell) : cell;
        }
        List<long[]> views = new ArrayList<>(baseViews.length);
        for (long[] view : baseViews) {
            views.add(image(base, view));
        }
        return carried(shape, base[CORNER_BLANK_4X5], goalBlank, views);
    }

    private static long cells(int... cells) {
        long mask = 0;
        for (int cell : cells) {
            mask |= 1L << cell;
        }
        return mask;
    }

    /** Tiles per pattern of a generic partition: the most whose database holds at most a few tens of millions of entries. */
    static int patternSize(Shape shape) {
        int n = shape.size();
        int size = 1;
        while (size < MAX_PATTERN_SIZE && Pattern.entries(n, size + 1) <= MAX_GENERIC_ENTRIES) {
            size++;
        }
        return size;
    }

    /**
     * Views for a blank in a corner of a square: the base views (for the blank in cell 0) carried to that corner,
     * each with its mirror image about the diagonal through the blank; null when the blank is not in a corner.
     */
    private static List<long[]> cornerViews(Shape shape, int goalBlank, List<long[]> baseViews) {
        int[] transpose = Symmetry.transpose(shape);
        List<long[]> views = new ArrayList<>(baseViews);
        for (long[] view : baseViews) {
            views.add(image(transpose, view));
        }
        return carried(shape, 0, goalBlank, views);
    }

    /**
     * Views for the blank in {@code baseBlank} carried by the first symmetry of the shape that takes that cell to
     * {@code goalBlank}; null when none does.
     */
    private static List<long[]> carried(Shape shape, int baseBlank, int goalBlank, List<long[]> views) {
        for (int[] cellMap : Symmetry.of(shape)) {
            if (cellMap[baseBlank] == goalBlank) {
                List<long[]> images = new ArrayList<>(views.size());
                for (long[] view : views) {
                    images.add(image(cellMap, view));
                }
                return images;
            }
        }
        return null;
    }

    /**
     * The blank's row minus the blank, and the other three rows split into columns 0-1 and 2-3; when the blank
     * lies on the main diagonal, the transposed partition as a second view.
     */
    private static List<long[]> rowStrips4x4(Shape shape, int goalBlank) {
        int blankRow = shape.row(goalBlank);
        long ownRow = 0;
        long left = 0;
        long right = 0;
        for (int cell = 0; cell < shape.size(); cell++) {
            if (cell == goalBlank) {
                continue;
            }
            if (shape.row(cell) == blankRow) {
                ownRow |= 1L << cell;
            } else if (shape.col(cell) < shape.cols() / 2) {
                left |= 1L << cell;
            } else {
                right |= 1L << cell;
            }
        }
        long[] rowStrips = {left, right, ownRow};
        int[] transpose = Symmetry.transpose(shape);
        return transpose[goalBlank] == goalBlank
                ? List.of(rowStrips, image(transpose, rowStrips))
                : List.<long[]>of(rowStrips);
    }

    /**
     * Two views over the cells in snake order along the short side (column by column on a wide board, row by row
     * on a tall one, every other line reversed), so that each run of cells is a compact block: one cut into runs
     * from the first cell, one from the last.
     */
    private static List<long[]> snakeViews(Shape shape, int goalBlank) {
        int[] order = snakeOrder(shape, goalBlank);
        int size = patternSize(shape);
        long[] forward = runs(order, size, false);
        long[] backward = runs(order, size, true);
        return Arrays.equals(sorted(forward), sorted(backward))
                ? List.<long[]>of(forward)
                : List.of(forward, backward);
    }

    private static int[] snakeOrder(Shape shape, int goalBlank) {
        boolean byColumn = shape.rows() <= shape.cols();
        int lines = byColumn ? shape.cols() : shape.rows();
        int length = byColumn ? shape.rows() : shape.cols();
        int[] order = new int[shape.size() - 1];
        int next = 0;
        for (int line = 0; line < lines; line++) {
            for (int step = 0; step < length; step++) {
                int along = line % 2 == 0 ? step : length - 1 - step;
                int cell = byColumn ? along * shape.cols() + line : line * shape.cols() + along;
                if (cell != goalBlank) {
                    order[next++] = cell;
                }
            }
        }
        return order;
    }

    private static long[] runs(int[] order, int size, boolean fromEnd) {
        int count = (order.length + size - 1) / size;
        long[] masks = new long[count];
        for (int i = 0; i < order.length; i++) {
            int position = fromEnd ? order.length - 1 - i : i;
            masks[i / size] |= 1L << order[position];
        }
        return masks;
    }

    private static long[] sorted(long[] masks) {
        long[] copy = masks.clone();
        Arrays.sort(copy);
        return copy;
    }

    private static long[] image(int[] cellMap, long[] view) {
        long[] image = new long[view.length];
        for (int i = 0; i < view.length; i++) {
            image[i] = Symmetry.apply(cellMap, view[i]);
        }
        return image;
    }
}
