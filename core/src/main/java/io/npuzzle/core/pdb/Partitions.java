package io.npuzzle.core.pdb;

import io.npuzzle.core.board.Shape;

import java.util.ArrayList;
import java.util.List;

/**
 * Which disjoint patterns estimate a 4x4 board for a given goal blank cell. The blank's row minus the blank
 * is a three-tile pattern; the other three rows split into two six-tile patterns, columns 0-1 and 2-3 (for
 * the blank in a corner these are Korf and Felner's 6-6-3 blocks). When the blank lies on the main diagonal
 * the goal is its own mirror image, so the transposed partition (the blank's column, rows 0-1 and 2-3) is a
 * second admissible estimate and the larger of the two is used. All six-tile blocks of a corner blank are
 * images of one another under the board's symmetries, so the blank-first and blank-last goals need just one
 * six-tile and one three-tile database.
 */
public final class Partitions {

    private static final Shape SUPPORTED = Shape.of(4, 4);

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
        List<int[]> views = new ArrayList<>(2);
        int[] rowStrips = rowStrips(shape, goalBlank);
        views.add(rowStrips);
        int[] transpose = Symmetry.transpose(shape);
        if (transpose[goalBlank] == goalBlank) {
            int[] mirrored = new int[rowStrips.length];
            for (int i = 0; i < mirrored.length; i++) {
                mirrored[i] = Symmetry.apply(transpose, rowStrips[i]);
            }
            views.add(mirrored);
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
}
