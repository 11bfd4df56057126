package io.npuzzle.core.pdb;

import io.npuzzle.core.board.Shape;

import java.util.ArrayList;
import java.util.List;

/**
 * The symmetries of a board as cell permutations: flips and the half turn for every rectangle, plus the
 * transpositions and quarter turns for a square. Each maps the puzzle's move graph onto itself, so a
 * database built for a pattern also answers for every symmetric image of that pattern.
 */
public final class Symmetry {

    private Symmetry() {
    }

    /** All cell maps of the shape, the identity first. */
    public static List<int[]> of(Shape shape) {
        int rows = shape.rows();
        int cols = shape.cols();
        List<int[]> maps = new ArrayList<>(8);
        maps.add(map(shape, (r, c) -> r * cols + c));
        maps.add(map(shape, (r, c) -> r * cols + (cols - 1 - c)));
        maps.add(map(shape, (r, c) -> (rows - 1 - r) * cols + c));
        maps.add(map(shape, (r, c) -> (rows - 1 - r) * cols + (cols - 1 - c)));
        if (rows == cols) {
            maps.add(transpose(shape));
            maps.add(map(shape, (r, c) -> (cols - 1 - c) * cols + (rows - 1 - r)));
            maps.add(map(shape, (r, c) -> c * cols + (rows - 1 - r)));
            maps.add(map(shape, (r, c) -> (cols - 1 - c) * cols + r));
        }
        return maps;
    }

    /** Reflection about the main diagonal of a square board. */
    public static int[] transpose(Shape shape) {
        if (shape.rows() != shape.cols()) {
            throw new IllegalArgumentException("only a square board has a diagonal reflection");
        }
        return map(shape, (r, c) -> c * shape.cols() + r);
    }

    /** The image of a set of cells. */
    public static long apply(int[] cellMap, long cellMask) {
        long image = 0;
        for (long rest = cellMask; rest != 0; rest &= rest - 1) {
            image |= 1L << cellMap[Long.numberOfTrailingZeros(rest)];
        }
        return image;
    }

    public static int[] inverse(int[] cellMap) {
        int[] inverse = new int[cellMap.length];
        for (int cell = 0; cell < cellMap.length; cell++) {
            inverse[cellMap[cell]] = cell;
        }
        return inverse;
    }

    private interface CellFormula {
        int image(int row, int col);
    }

    private static int[] map(Shape shape, CellFormula formula) {
        int[] map = new int[shape.size()];
        for (int cell = 0; cell < map.length; cell++) {
            map[cell] = formula.image(shape.row(cell), shape.col(cell));
        }
        return map;
    }
}
