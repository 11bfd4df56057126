package io.npuzzle.core.fast;

import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.board.Shape;
import io.npuzzle.core.solve.SolveResult;

/**
 * Fast legal answers for any board: while the unsolved region is too large to finish optimally, put its
 * outermost row or column that does not hold the goal blank in place, tiles two at a time by shortest
 * placements, and shrink the region; then a {@link Finisher} answers the rest optimally (an exact table, or
 * a pattern database search on 4x4). The answer is short but, once a line was placed, not proven shortest.
 */
public final class ReductionSolver {

    /** A region of at most this many cells must be answered by the finisher. */
    public static final int FINISH_CELLS = 9;

    /** Answers a region optimally, or declines so that it is reduced further. */
    @FunctionalInterface
    public interface Finisher {
        /**
         * @param state the region's tiles relabelled against its own canonical goal (do not keep it)
         * @return the answer, or null to have the region reduced further
         */
        Finish finish(Shape shape, int goalBlank, byte[] state);
    }

    /** A finisher's answer. */
    public record Finish(String moves, boolean optimal, long expanded, String strategy) {
    }

    private static final String STRATEGY = "reduction";

    private ReductionSolver() {
    }

    /** Solves a solvable puzzle; the caller has checked parity. */
    public static SolveResult solve(Puzzle puzzle, Finisher finisher, long startNanos) {
        return new Run(puzzle).solve(finisher, startNanos);
    }

    /** One reduction: the board, the unsolved region and the moves so far. */
    private static final class Run {
        private final Shape shape;
        private final int cols;
        private final int goalBlank;
        private final byte[] state;
        private final StringBuilder moves = new StringBuilder();
        private int blank;
        private int top;
        private int bottom;
        private int left;
        private int right;
        private TilePlacer placer;

        Run(Puzzle puzzle) {
            shape = puzzle.shape();
            cols = shape.cols();
            goalBlank = puzzle.goalBlank();
            state = puzzle.relabelledStart();
            for (int cell = 0; cell < state.length; cell++) {
                if (state[cell] == 0) {
                    blank = cell;
                }
            }
            bottom = shape.rows() - 1;
            right = cols - 1;
        }

        SolveResult solve(Finisher finisher, long startNanos) {
            while (true) {
                int height = bottom - top + 1;
                int width = right - left + 1;
                Shape region = Shape.of(height, width);
                int localBlank = (shape.row(goalBlank) - top) * width + shape.col(goalBlank) - left;
                Finish finish = finisher.finish(region, localBlank, localState(region, localBlank));
                if (finish != null) {
                    boolean reduced = !region.equals(shape);
                    moves.append(finish.moves());
                    return SolveResult.solved(moves.toString(), finish.optimal() && !reduced, finish.expanded(),
                            System.nanoTime() - startNanos, reduced ? STRATEGY + "+" + finish.strategy() : finish.strategy());
                }
                if (region.size() <= FINISH_CELLS) {
                    throw new IllegalStateException("the finisher declined a " + region + " region");
                }
                if (height >= 3 && (height >= width || width < 3)) {
                    int row = shape.row(goalBlank) != top ? top++ : bottom--;
                    placeLine(row * cols + left, 1, width);
                } else {
                    int col = shape.col(goalBlank) != left ? left++ : right--;
                    placeLine(top * cols + col, cols, height);
                }
            }
        }

        /**
         * Places the {@code count} cells first, first+step, ... in pairs (a single first when the count is
         * odd), so that the line's last two cells are always placed together.
         */
        private void placeLine(int first, int step, int count) {
            if (placer == null) {
                placer = new TilePlacer(shape);
            }
            long free = regionMask(first, step, count);
            int i = 0;
            if (count % 2 == 1) {
                free = placeGroup(free, first);
                i = 1;
            }
            for (; i < count; i += 2) {
                free = placeGroup(free, first + i * step, first + (i + 1) * step);
            }
        }

        /** Places the tiles that belong on {@code cells}; returns the free cells left afterwards. */
        private long placeGroup(long free, int... cells) {
            int[] labels = new int[cells.length];
            for (int i = 0; i < cells.length; i++) {
                labels[i] = Puzzle.canonicalLabel(cells[i], goalBlank);
            }
            blank = placer.place(state, blank, free, labels, cells, moves);
            for (int cell : cells) {
                free &= ~(1L << cell);
            }
            return free;
        }

        /** Cells of the unsolved region, the line about to be placed included. */
        private long regionMask(int first, int step, int count) {
            long mask = 0;
            for (int r = top; r <= bottom; r++) {
                for (int c = left; c <= right; c++) {
                    mask |= 1L << (r * cols + c);
                }
            }
            for (int i = 0; i < count; i++) {
                mask |= 1L << (first + i * step); // the line lies just outside the shrunk bounds
            }
            return mask;
        }

        /** The region's tiles relabelled against the region's own canonical goal. */
        private byte[] localState(Shape region, int localBlank) {
            byte[] local = new byte[region.size()];
            for (int r = top; r <= bottom; r++) {
                for (int c = left; c <= right; c++) {
                    int goal = Puzzle.canonicalGoalCell(state[r * cols + c], goalBlank);
                    int localGoal = (shape.row(goal) - top) * region.cols() + shape.col(goal) - left;
                    local[(r - top) * region.cols() + c - left] = (byte) Puzzle.canonicalLabel(localGoal, localBlank);
                }
            }
            return local;
        }
    }
}
