package io.npuzzle.core.fast;

import io.npuzzle.core.board.Board;
import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.board.Shape;
import io.npuzzle.core.model.Algorithm;
import io.npuzzle.core.model.Outcome;
import io.npuzzle.core.model.SolveResult;
import io.npuzzle.core.model.Strategy;
import io.npuzzle.core.pdb.PdbHeuristic;
import io.npuzzle.core.pdb.RegionPatterns;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Fast legal answers for any board: while the unsolved region is too large to finish, shrink it. A region
 * larger than 5x5 is left to beam searches ({@link BeamPlacer}): each places every tile outside the block one
 * row and one column smaller around the goal blank (8x8 to 7x7 to 6x6), until the region is small enough to be
 * placed whole by one more. A beam that stalls is followed, while the beams' time lasts, by one from the board it
 * got furthest with, and then hands that board to lines. Otherwise, or when a beam runs out of time, one of the
 * region's outer rows or columns that does not hold the goal blank is put in place, the whole line by one search
 * ({@link GroupPlacer}), or, when that search runs out of nodes, tiles two at a time by shortest placements. A
 * {@link Finisher} answers the rest (an exact table, or a pattern database search). The answer is short but,
 * once a tile was placed, not proven shortest.
 */
public final class ReductionSolver {

    /** A region of at most this many cells must be answered by the finisher. */
    public static final int FINISH_CELLS = 9;

    /**
     * Nodes one search of a whole line may expand, and its weights in quarters, tried in turn: a line placed whole
     * takes fewer moves than one placed by pairs, within a small share of the answer's time ({@code bench/fast 8}).
     */
    private static final long GROUP_NODES = 30_000;
    private static final int[] GROUP_WEIGHT_QUARTERS = {4, 5, 6, 8};
    /**
     * Regions at least this many cells on each side, and larger than its square, are left to beams; the
     * databases cover the square and smaller regions.
     */
    private static final int BEAM_MIN_SIDE = 5;
    /**
     * A region of at most this many cells is placed whole by one beam. Larger ones shrink a row and a column a
     * beam, which gives shorter answers than placing them whole ({@code bench/fast 7 8}).
     */
    private static final int WHOLE_BEAM_CELLS = 36;
    /**
     * The share of an answer's time after which beams end, leaving the rest to lines, the finisher and shortening
     * (chosen by {@code bench/fast 7}).
     */
    private static final double BEAM_SHARE = 0.7;
    /**
     * The share of the beams' time left that a beam towards a block may take; the beams after it share the rest
     * (chosen by {@code bench/fast 7}).
     */
    private static final double BLOCK_BEAM_SHARE = 0.7;

    private ReductionSolver() {
    }

    /**
     * Solves a solvable puzzle; the caller has checked parity. Answers report their time since {@code startNanos}.
     */
    public static SolveResult solve(Puzzle puzzle, long startNanos, ReductionOptions options) {
        return new Run(puzzle, options).solve(startNanos);
    }

    /** Whether beams place a board of this shape whole, in one beam, rather than a row and a column at a time. */
    public static boolean placesInOneBeam(Shape shape) {
        return inOneBeam(shape.size());
    }

    private static boolean inOneBeam(int cells) {
        return cells <= WHOLE_BEAM_CELLS;
    }

    /** True when beams place tiles of a board of this shape: its answers then depend on the beams' key. */
    public static boolean placesByBeams(Shape shape) {
        return isBeamRegion(shape.rows(), shape.cols());
    }

    private static boolean isBeamRegion(int height, int width) {
        return height >= BEAM_MIN_SIDE && width >= BEAM_MIN_SIDE && height * width > BEAM_MIN_SIDE * BEAM_MIN_SIDE;
    }

    /** A side of the unsolved region. */
    private enum Side {
        TOP, BOTTOM, LEFT, RIGHT;

        /** Whether a line on this side is a row. */
        boolean holdsRow() {
            return this == TOP || this == BOTTOM;
        }
    }

    /** The cells first, first+step, ... of a region's outer line on the given side. */
    private record Line(Side side, int first, int step, int count) {
    }

    /**
     * A placement of a line: the board and blank after it, its moves and its score (lower is better), which
     * counts the expected cost of the region left when foreseen.
     */
    private record Candidate(byte[] state, int blank, String moves, Line line, int score, boolean foreseen) {
        /** By score; by moves alone against a candidate whose region was foreseen and this one's not, or back. */
        boolean betterThan(Candidate other) {
            if (other == null) {
                return true;
            }
            return foreseen == other.foreseen ? score < other.score : moves.length() < other.moves.length();
        }
    }

    /** One reduction: the board, the unsolved region and the moves so far. */
    private static final class Run {
        private final Shape shape;
        private final int cols;
        private final int goalBlank;
        private final byte[] start;
        private final byte[] state;
        private final StringBuilder moves = new StringBuilder();
        private final ReductionOptions options;
        private int blank;
        private int top;
        private int bottom;
        private int left;
        private int right;
        private TilePlacer placer;
        private GroupPlacer groupPlacer;
        private BeamPlacer beamPlacer;
        /** Regions of at least this many cells are placed by lines: a beam on one of them did not finish. */
        private int linesFromCells = Integer.MAX_VALUE;
        private long beamDeadline;
        /** When the answer's time ends: shortening stops there, and lines are no longer searched whole. */
        private long endNanos;
        private boolean linePlaced;
        private boolean beamPlaced;

        Run(Puzzle puzzle, ReductionOptions options) {
            this.options = options;
            shape = puzzle.shape();
            cols = shape.cols();
            goalBlank = puzzle.goalBlank();
            start = puzzle.relabelledStart();
            state = start.clone();
            blank = puzzle.start().blankIndex();
            bottom = shape.rows() - 1;
            right = cols - 1;
        }

        SolveResult solve(long startNanos) {
            long millis = options.answerTime().toMillis();
            long now = System.nanoTime();
            beamDeadline = now + (long) (BEAM_SHARE * millis * 1_000_000L);
            endNanos = now + millis * 1_000_000L;
            while (true) {
                if (options.cancelled().getAsBoolean()) {
                    return SolveResult.unsolved(Outcome.CANCELLED, null, 0, System.nanoTime() - startNanos,
                            Strategy.of(Algorithm.REDUCTION));
                }
                int height = bottom - top + 1;
                int width = right - left + 1;
                Shape region = Shape.of(height, width);
                int localBlank = (shape.row(goalBlank) - top) * width + shape.col(goalBlank) - left;
                SolveResult finish = options.finisher()
                        .finish(region, localBlank, localState(state, top, left, region, localBlank));
                if (finish != null) {
                    boolean reduced = !region.equals(shape);
                    moves.append(finish.moves());
                    SolveResult answer = SolveResult.solved(reduced ? shortened() : moves.toString(),
                            finish.optimal() && !reduced, finish.expanded(), System.nanoTime() - startNanos,
                            reduced ? placements().then(finish.strategy()) : finish.strategy());
                    // Placed lines prove nothing; a search of the whole board keeps its guarantee.
                    return !reduced && finish.bound() != null ? answer.withBound(finish.bound()) : answer;
                }
                if (region.size() <= FINISH_CELLS) {
                    throw new IllegalStateException("the finisher declined a " + region + " region");
                }
                if (region.size() < linesFromCells && isBeamRegion(height, width)) {
                    BeamPlacer.Placement placed = placeByBeam(height, width);
                    if (placed != null && placed.complete()) {
                        if (top > bottom) {
                            String answer = shortened();
                            return SolveResult.solved(answer, false, 0, System.nanoTime() - startNanos, placements());
                        }
                        continue;
                    }
                    // A beam that stalled nearer the block goes on from there, where the layers it held on its
                    // plateau are gone: on 7x7 boards most such second beams get through.
                    if (placed != null && System.nanoTime() < beamDeadline) {
                        continue;
                    }
                    linesFromCells = region.size();
                }
                placeCheapestLine(height, width);
            }
        }

        /**
         * Places one outer line of the region and shrinks the region past it. Rows are taken while the region
         * is at least as tall as it is wide (so square boards shrink towards 4x4), columns otherwise. Among the
         * lines allowed (either side that does not hold the goal blank, searched as a group or else filled by
         * pairs from either end) the one placed in the fewest moves wins, the first listed on a tie; when the
         * foresight knows what the region left would cost, every placement of every weight and of pairs is a
         * candidate, and the least total of its moves and that cost wins. Past the answer's time, the first line
         * allowed is placed by pairs.
         */
        private void placeCheapestLine(int height, int width) {
            boolean byRow = height >= 3 && (height >= width || width < 3);
            boolean byColumn = width >= 3 && (width >= height || height < 3);
            List<Line> lines = new ArrayList<>(8);
            if (byRow) {
                addLine(lines, Side.TOP, shape.row(goalBlank) != top, top * cols + left, 1, width);
                addLine(lines, Side.BOTTOM, shape.row(goalBlank) != bottom, bottom * cols + left, 1, width);
            }
            if (byColumn) {
                addLine(lines, Side.LEFT, shape.col(goalBlank) != left, top * cols + left, cols, height);
                addLine(lines, Side.RIGHT, shape.col(goalBlank) != right, top * cols + right, cols, height);
            }
            if (placer == null) {
                placer = new TilePlacer(shape);
                groupPlacer = new GroupPlacer(shape);
            }
            Candidate best = null;
            boolean foreseen = false;
            Set<Side> searchedSides = EnumSet.noneOf(Side.class);
            Set<Side> groupedSides = EnumSet.noneOf(Side.class);
            // Past the answer's time, the first line allowed is placed pair by pair, with no other tried beside it.
            boolean late = System.nanoTime() >= endNanos;
            for (Line line : lines) {
                if (late && best != null) {
                    break;
                }
                if (searchedSides.add(line.side())) { // the search does not depend on the end filled first
                    for (int weight : GROUP_WEIGHT_QUARTERS) {
                        String found = placeAsGroup(line, weight);
                        if (found != null) {
                            groupedSides.add(line.side());
                            byte[] trial = state.clone();
                            int trialBlank = Board.play(shape, trial, blank, found, 0, found.length());
                            Candidate candidate = candidate(trial, trialBlank, found, line);
                            foreseen = candidate.foreseen();
                            best = candidate.betterThan(best) ? candidate : best;
                            if (!foreseen) {
                                break;
                            }
                        }
                    }
                }
                if (!groupedSides.contains(line.side()) || foreseen) {
                    byte[] trial = state.clone();
                    StringBuilder trialMoves = new StringBuilder();
                    int trialBlank = placeLine(trial, blank, trialMoves, line);
                    Candidate candidate = candidate(trial, trialBlank, trialMoves.toString(), line);
                    best = candidate.betterThan(best) ? candidate : best;
                }
            }
            linePlaced = true;
            System.arraycopy(best.state(), 0, state, 0, state.length);
            blank = best.blank();
            moves.append(best.moves());
            switch (best.line().side()) {
                case TOP -> top++;
                case BOTTOM -> bottom--;
                case LEFT -> left++;
                case RIGHT -> right--;
            }
        }

        /** The moves so far, shortened window by window until the shortening deadline. */
        private String shortened() {
            return new PathShortener(shape, PathShortener.WINDOW, PathShortener.WINDOW_NODES, options.cancelled())
                    .shorten(start, moves.toString(), endNanos);
        }

        /** How the tiles placed so far were placed: lines, then beams, as they came. */
        private Strategy placements() {
            List<Algorithm> steps = new ArrayList<>(2);
            if (linePlaced) {
                steps.add(Algorithm.REDUCTION);
            }
            if (beamPlaced) {
                steps.add(Algorithm.BEAM);
            }
            return new Strategy(steps, null);
        }

        /**
         * Places by one beam search every tile of the region outside the block around the goal blank one row and
         * one column smaller than the region, or every tile when the region has at most {@link #WHOLE_BEAM_CELLS};
         * what the beam found (the board then as far as it got, and the region shrunk when complete), or null.
         */
        private BeamPlacer.Placement placeByBeam(int height, int width) {
            int side = Math.max(height, width) - 1;
            int rows = inOneBeam(height * width) ? 0 : Math.min(height, side);
            int columns = rows == 0 ? 0 : Math.min(width, side);
            int blockTop = Math.max(top, Math.min(shape.row(goalBlank) - rows / 2, bottom - rows + 1));
            int blockLeft = Math.max(left, Math.min(shape.col(goalBlank) - columns / 2, right - columns + 1));
            if (beamPlacer == null) {
                beamPlacer = new BeamPlacer(shape, options.beamKey(), BeamPlacer.widestFor(options.answerTime()),
                        options.maxBytes(), options.cancelled());
            }
            long now = System.nanoTime();
            long deadline = rows == 0 ? beamDeadline : now + (long) (BLOCK_BEAM_SHARE * (beamDeadline - now));
            BeamPlacer.Placement found = beamPlacer.place(state, blank, goalBlank,
                    new BeamPlacer.Block(top, left, height, width), new BeamPlacer.Block(blockTop, blockLeft, rows, columns),
                    patterns(height, width), deadline);
            if (found == null) {
                return null;
            }
            blank = Board.play(shape, state, blank, found.moves(), 0, found.moves().length());
            moves.append(found.moves());
            beamPlaced = true;
            if (found.complete()) {
                top = blockTop;
                left = blockLeft;
                bottom = blockTop + rows - 1;
                right = blockLeft + columns - 1;
            }
            return found;
        }

        /** The patterns of the guide's databases for the current region, or null. */
        private RegionPatterns patterns(int height, int width) {
            Shape region = Shape.of(height, width);
            int localBlank = (shape.row(goalBlank) - top) * width + shape.col(goalBlank) - left;
            PdbHeuristic estimate = options.guide().estimate(region, localBlank);
            return estimate == null ? null : RegionPatterns.of(estimate, shape, goalBlank, top, left);
        }

        /** A placement of the line with its score: its moves, plus what the foresight expects of the rest. */
        private Candidate candidate(byte[] trial, int trialBlank, String trialMoves, Line line) {
            int rowsLeft = bottom - top + 1 - (line.side().holdsRow() ? 1 : 0);
            int colsLeft = right - left + 1 - (line.side().holdsRow() ? 0 : 1);
            int newTop = top + (line.side() == Side.TOP ? 1 : 0);
            int newLeft = left + (line.side() == Side.LEFT ? 1 : 0);
            Shape rest = Shape.of(rowsLeft, colsLeft);
            int restBlank = (shape.row(goalBlank) - newTop) * colsLeft + shape.col(goalBlank) - newLeft;
            int expected = options.foresight()
                    .expect(rest, restBlank, localState(trial, newTop, newLeft, rest, restBlank));
            return new Candidate(trial, trialBlank, trialMoves, line, trialMoves.length() + Math.max(0, expected),
                    expected >= 0);
        }

        /**
         * Searches a placement of the whole line at once with the given weight; null when the search runs out
         * of nodes, the line is too long for it, or the answer's time is over (pairs are placed without search).
         */
        private String placeAsGroup(Line line, int weightQuarters) {
            if (line.count() > GroupPlacer.MAX_TILES || System.nanoTime() >= endNanos) {
                return null;
            }
            int[] cells = new int[line.count()];
            int[] labels = new int[line.count()];
            for (int i = 0; i < cells.length; i++) {
                cells[i] = line.first() + i * line.step();
                labels[i] = Puzzle.canonicalLabel(cells[i], goalBlank);
            }
            return groupPlacer.place(state, blank, regionMask(), labels, cells, GROUP_NODES, weightQuarters);
        }

        /** Adds a line, filled from either end, when it may be placed. */
        private void addLine(List<Line> lines, Side side, boolean allowed, int first, int step, int count) {
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

        /**
         * The tiles of the region of {@code board} whose top left cell is ({@code regionTop}, {@code regionLeft}),
         * relabelled against the region's own canonical goal.
         */
        private byte[] localState(byte[] board, int regionTop, int regionLeft, Shape region, int localBlank) {
            byte[] local = new byte[region.size()];
            for (int r = 0; r < region.rows(); r++) {
                for (int c = 0; c < region.cols(); c++) {
                    int goal = Puzzle.canonicalGoalCell(board[(regionTop + r) * cols + regionLeft + c], goalBlank);
                    int localGoal = (shape.row(goal) - regionTop) * region.cols() + shape.col(goal) - regionLeft;
                    local[r * region.cols() + c] = (byte) Puzzle.canonicalLabel(localGoal, localBlank);
                }
            }
            return local;
        }
    }
}
