package io.npuzzle.core.pdb;

import io.npuzzle.core.board.Shape;

import java.util.ArrayList;
import java.util.List;

/**
 * Which disjoint patterns estimate a 4x4 board for a given goal blank cell. Each view is one partition of
 * the other fifteen cells; the estimate is the largest of the views' sums.
 *
 * <p>Blank in a corner (the blank-first and blank-last goals): four views, each two 2x3 blocks plus three
 * cells. The first is Korf and Felner's 6-6-3 (the blank's row and two column pairs below it), the second
 * shares one block and moves the other up by a row; the other two are their mirror images about the diagonal
 * through the blank, which maps the goal onto itself (views for other corners are images of these). Every block is a symmetric image of every other, so the
 * four views need a single six-tile database and a few three-tile ones.
 *
 * <p>Any other blank cell: the blank's row minus the blank, and the other three rows split into columns 0-1
 * and 2-3; when the blank lies on the main diagonal, the transposed partition as a second view.
 */
public final class Partitions {

    private static final Shape SUPPORTED = Shape.of(4, 4);
    /** The corner views for the blank in cell 0, as cell masks; the others are their mirror images. */
    private static final int[][] CORNER_VIEWS = {
            {0b0011_0011_0011_0000, 0b1100_1100_1100_0000, 0b0000_0000_0000_1110},
            {0b0011_0011_0011_0000, 0b0000_1100_1100_1100, 0b1100_0000_0000_0010},
    };

    private Partitions() {
    }

    public static boolean supports(Shape shape) {
        return SUPPORTED.equals(shape);
    }

    /** Each view is a partition of every cell but the goal blank into pattern cell masks. */
    public static List<int[]> views(Shape shape, int goalBlank) {
        if (!supports(shape)) {
            throw new IllegalArgumentException("no pattern databases for " + shape);
        }
        int[] transpose = Symmetry.transpose(shape);
        List<int[]> views = new ArrayList<>(4);
        for (int[] cellMap : Symmetry.of(shape)) {
            if (cellMap[0] == goalBlank) {
                for (int[] view : CORNER_VIEWS) {
                    views.add(image(cellMap, view));
                }
                for (int[] view : CORNER_VIEWS) {
                    views.add(image(cellMap, image(transpose, view))); // mirrored where the blank is cell 0
                }
                return views;
            }
        }
        int[] rowStrips = rowStrips(shape, goalBlank);
        views.add(rowStrips);
        if (transpose[goalBlank] == goalBlank) {
            views.add(image(transpose, rowStrips));
        }
        return views;
    }

    private static int[] rowStrips(Shape shape, int goalBlank) {
        int blankRow = shape.row(goalBlank);
        int ownRow = 0;
        int left = 0;
        int right = 0;
        for (int cell = 0; cell < shape.size(); cell++) {
            if (cell == goalBlank) {
                continue;
            }
            if (shape.row(cell) == blankRow) {
                ownRow |= 1 << cell;
            } else if (shape.col(cell) < shape.cols() / 2) {
                left |= 1 << cell;
            } else {
                right |= 1 << cell;
            }
        }
        return new int[] {left, right, ownRow};
    }

    private static int[] image(int[] cellMap, int[] view) {
        int[] image = new int[view.length];
        for (int i = 0; i < view.length; i++) {
            image[i] = Symmetry.apply(cellMap, view[i]);
        }
        return image;
    }
}
