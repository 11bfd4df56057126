package io.npuzzle.core.fast;

import io.npuzzle.core.board.Move;
import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.board.Shape;
import io.npuzzle.core.solve.Algorithm;
import io.npuzzle.core.solve.SolveResult;
import io.npuzzle.core.solve.Strategy;

import java.util.ArrayList;
import java.util.List;

/**
 * Fast legal answers for any board: while the unsolved region is too large to finish, put one of its outer
 * rows or columns that does not hold the goal blank in place, the whole line by one search ({@link GroupPlacer}),
 * or, when that search runs out of nodes, tiles two at a time by shortest placements; then shrink the region.
 * A {@link Finisher} answers the rest (an exact table, or a pattern database search). The answer is short but,
 * once a line was placed, not proven shortest.
 */
public final class ReductionSolver {

    /** A region of at most this many cells must be answered by the finisher. */
    public static final int FINISH_CELLS = 9;

    /** Answers a region optimally, or declines so that it is reduced further. */
    @FunctionalInterface
    public interface Finisher {
        /**
         * @param state the region's tiles relabelled against its own canonical goal (do not keep it)
         * @return a SOLVED answer, or null to have the region reduced further
         */
        SolveResult finish(Shape shape, int goalBlank, byte[] state);
    }

    private static final Strategy REDUCTION = Strategy.of(Algorithm.REDUCTION);
    /**
     * Nodes one search of a whole line may expand, and its weights in quarters, tried in turn: on 8x8 boards the
     * lines placed this way take about a seventh fewer moves than pairs, in well under 0.2 s for all of them.
     */
    private static final long GROUP_NODES = 30_000;
    private static final int[] GROUP_WEIGHT_QUARTERS = {4, 6};
    private static final int TOP = 0;
    private static final int BOTTOM = 1;
    private static final int LEFT = 2;
    private static final int RIGHT = 3;

    private ReductionSolver() {
    }

    /** Solves a solvable puzzle; the caller has checked parity. */
    public static SolveResult solve(Puzzle puzzle, Finisher finisher, long startNanos) {
        return new Run(puzzle).solve(finisher, startNanos);
    }

    /** The cells first, first+step, ... of a region's outer line on the given side. */
    private record Line(int side, int first, int step, int count) {
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
        private GroupPlacer groupPlacer;

        Run(Puzzle puzzle) {
            shape = puzzle.shape();
            cols = shape.cols();
            goalBlank = puzzle.goalBlank();
            state = puzzle.relabelledStart();
            blank = puzzle.start().blankIndex();
            bottom = shape.rows() - 1;
            right = cols - 1;
        }

        SolveResult solve(Finisher finisher, long startNanos) {
            while (true) {
                int height = bottom - top + 1;
                int width = right - left + 1;
                Shape region = Shape.of(height, width);
                int localBlank = (shape.row(goalBlank) - top) * width + shape.col(goalBlank) - left;
                SolveResult finish = finisher.finish(region, localBlank, localState(region, localBlank));
                if (finish != null) {
                    boolean reduced = !region.equals(shape);
                    moves.append(finish.moves());
                    SolveResult answer = SolveResult.solved(moves.toString(), finish.optimal() && !reduced,
                            finish.expanded(), System.nanoTime() - startNanos,
                            reduced ? REDUCTION.then(finish.strategy()) : finish.strategy());
                    // Placed lines prove nothing; a search of the whole board keeps its guarantee.
                    return !reduced && finish.bound() != null ? answer.withBound(finish.bound()) : answer;
                }
                if (region.size() <= FINISH_CELLS) {
                    throw new IllegalStateException("the finisher declined a " + region + " region");
                }
                placeCheapestLine(height, width);
            }
        }

        /**
         * Places one outer line of the region and shrinks the region past it. Rows are taken while the region
         * is at least as tall as it is wide (so square boards shrink towards 4x4), columns otherwise; among the
         * lines allowed (either side that does not hold the goal blank, searched as a group or else filled by
         * pairs from either end) the one placed in the fewest moves wins, the first listed on a tie.
         */
        private void placeCheapestLine(int height, int width) {
            boolean byRow = height >= 3 && (height >= width || width < 3);
            boolean byColumn = width >= 3 && (width >= height || height < 3);
            List<Line> lines = new ArrayList<>(8);
            if (byRow) {
                addLine(lines, TOP, shape.row(goalBlank) != top, top * cols + left, 1, width);
                addLine(lines, BOTTOM, shape.row(goalBlank) != bottom, bottom * cols + left, 1, width);
            }
            if (byColumn) {
                addLine(lines, LEFT, shape.col(goalBlank) != left, top * cols + left, cols, height);
                addLine(lines, RIGHT, shape.col(goalBlank) != right, top * cols + right, cols, height);
            }
            if (placer == null) {
                placer = new TilePlacer(shape);
                groupPlacer = new GroupPlacer(shape);
            }
            int groupedSides = 0;
            byte[] bestState = null;
            String bestMoves = null;
            int bestBlank = -1;
            Line best = null;
            for (Line line : lines) {
                if ((groupedSides & (1 << line.side())) != 0) {
                    continue; // the group search does not depend on the end a line is filled from
                }
                byte[] trial = state.clone();
                StringBuilder trialMoves = new StringBuilder();
                int trialBlank = placeAsGroup(trial, trialMoves, line);
                if (trialBlank >= 0) {
                    groupedSides |= 1 << line.side();
                } else {
                    trialBlank = placeLine(trial, blank, trialMoves, line);
                }
                if (bestMoves == null || trialMoves.length() < bestMoves.length()) {
                    bestState = trial;
                    bestMoves = trialMoves.toString();
                    bestBlank = trialBlank;
                    best = line;
                }
            }
            System.arraycopy(bestState, 0, state, 0, state.length);
            blank = bestBlank;
            moves.append(bestMoves);
            switch (best.side()) {
                case TOP -> top++;
                case BOTTOM -> bottom--;
                case LEFT -> left++;
                default -> right--;
            }
        }

        /**
         * Places the whole line by one search, a greedier one when the first runs out of nodes; returns the
         * blank's cell, or -1 (the board unchanged) when neither finds a placement.
         */
        private int placeAsGroup(byte[] board, StringBuilder out, Line line) {
            if (line.count() > GroupPlacer.MAX_TILES) {
                return -1;
            }
            int[] cells = new int[line.count()];
            int[] labels = new int[line.count()];
            for (int i = 0; i < cells.length; i++) {
                cells[i] = line.first() + i * line.step();
                labels[i] = Puzzle.canonicalLabel(cells[i], goalBlank);
            }
            for (int weight : GROUP_WEIGHT_QUARTERS) {
                String found = groupPlacer.place(board, blank, regionMask(), labels, cells, GROUP_NODES, weight);
                if (found != null) {
                    out.append(found);
                    return slide(board, blank, found);
                }
            }
            return -1;
        }

        /** Plays {@code letters} on the board; returns the blank's cell. */
        private int slide(byte[] board, int blankCell, String letters) {
            for (int i = 0; i < letters.length(); i++) {
                int next = shape.neighbour(blankCell, Move.ofLetter(letters.charAt(i)));
                board[blankCell] = board[next];
                board[next] = 0;
                blankCell = next;
            }
            return blankCell;
        }

        /** Adds a line, filled from either end, when it may be placed. */
        private void addLine(List<Line> lines, int side, boolean allowed, int first, int step, int count) {
            if (allowed) {
                lines.add(new Line(side, first, step, count));
                lines.add(new Line(side, first + (count - 1) * step, -step, count));
            }
        }

        /**
         * Places the line's cells first, first+step, ... in pairs (a single first when the count is odd), so
         * that its last two cells are always placed together; returns the blank's cell.
         */
        private int placeLine(byte[] board, int blankCell, StringBuilder out, Line line) {
            int first = line.first();
            int step = line.step();
            int count = line.count();
            long free = regionMask();
            int i = 0;
            if (count % 2 == 1) {
                blankCell = placeGroup(board, blankCell, free, out, first);
                free &= ~(1L << first);
                i = 1;
            }
            for (; i < count; i += 2) {
                int a = first + i * step;
                int b = a + step;
                blankCell = placeGroup(board, blankCell, free, out, a, b);
                free &= ~(1L << a) & ~(1L << b);
            }
            return blankCell;
        }

        /** Places the tiles that belong on {@code cells}; returns the blank's cell. */
        private int placeGroup(byte[] board, int blankCell, long free, StringBuilder out, int... cells) {
            int[] labels = new int[cells.length];
            for (int i = 0; i < cells.length; i++) {
                labels[i] = Puzzle.canonicalLabel(cells[i], goalBlank);
            }
            return placer.place(board, blankCell, free, labels, cells, out);
        }

        /** Cells of the unsolved region. */
        private long regionMask() {
            long mask = 0;
            for (int r = top; r <= bottom; r++) {
                for (int c = left; c <= right; c++) {
                    mask |= 1L << (r * cols + c);
                }
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
