package io.npuzzle.core.fast;

import io.npuzzle.core.board.Move;
import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.board.Shape;
import io.npuzzle.core.pdb.RegionPatterns;
import io.npuzzle.core.search.ManhattanLinearConflict;
import it.unimi.dsi.fastutil.ints.IntArrayList;

import java.time.Duration;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.function.BooleanSupplier;

/**
 * Places every tile bound for a region's outer rows and columns at once, down to a target block (an 8x8 board
 * to its 7x7 corner) or to the goal, by beam search over whole boards (Lowerre 1976; Bisiani 1987): each layer
 * keeps the unseen children of the layer before with the lowest key, as many as the time allows, until a child
 * has every outer tile home. The key ({@link BeamKey}) weighs the Manhattan distance plus linear conflicts
 * (Hansson, Mayer and Yung 1992) of all the region's tiles, plus, where the region's databases of 2x2 blocks are in
 * memory ({@link RegionPatterns}), the blocks' excess over Manhattan distance, and, once more, the outer tiles'
 * distance: with all
 * tiles alike an 8x8 beam kept ordering the block while its last outer tiles waited, and stalled in half its
 * runs. Tiles travel together, and the block left behind is already partly in order, so the answer is far shorter
 * than lines placed one after another. Keys, hashes (Zobrist 1970) and the bookkeeping of a layer are primitive
 * arrays, a child is scored from its parent by the move alone, and only the children kept are written out. One
 * instance serves one thread.
 */
final class BeamPlacer {

    /**
     * Where a beam got: its moves, and whether they place every outer tile or only lead to the best board met,
     * the one with the fewest outer tiles away (then the lowest key).
     */
    record Placement(String moves, boolean complete) {
    }

    /**
     * The boards of a layer, one record after another, with their blank cells, keys, hashes, outer tiles away, and
     * the positional index of each of the region's patterns. A record is the board's cells, then each line's linear
     * conflicts (a child's change is then one line's count after its move), then each pattern's entry: a kept
     * child's record is one copy of its parent's.
     */
    private static final class Layer {
        final byte[] records;
        final int[] patternIndexes;
        final int[] blanks;
        final int[] keys;
        final long[] hashes;
        final int[] away;
        /** The move that made each board, -1 for the start. */
        final byte[] lastMoves;

        /** Bytes a layer holds per board: each array above, per board. */
        static long bytesPerBoard(int cells, int lines) {
            return recordBytes(cells, lines) + MAX_PATTERNS * (long) Integer.BYTES + Integer.BYTES * 3 + Long.BYTES
                    + 1;
        }

        static int recordBytes(int cells, int lines) {
            return cells + lines + MAX_PATTERNS;
        }

        Layer(int cells, int lines, int width) {
            records = new byte[width * recordBytes(cells, lines)];
            patternIndexes = new int[width * MAX_PATTERNS];
            blanks = new int[width];
            keys = new int[width];
            hashes = new long[width];
            away = new int[width];
            lastMoves = new byte[width];
        }
    }

    /** A rectangle of cells: rows {@code top..top+rows-1}, columns {@code left..left+cols-1}. */
    record Block(int top, int left, int rows, int cols) {
        boolean holds(int row, int col) {
            return row >= top && row < top + rows && col >= left && col < left + cols;
        }
    }

    private static final Move[] MOVES = Move.all();
    /** Fewest boards a layer keeps. */
    private static final int MIN_WIDTH = 200;
    /**
     * Most boards a layer keeps per second of the answer's time: a beam of a one-second answer is held to it, and
     * a wider one, when the answer has longer, is shorter ({@code bench/fast --millis 1000,5000 6 7}).
     */
    private static final int WIDTH_PER_SECOND = 12_000;
    /** Most boards a layer keeps whatever the time: the trail of a 7x7 beam then takes about 150 MB. */
    private static final int WIDEST = 120_000;
    /** Most patterns a region's view has: the sixteen 2x2 blocks of 8x8. */
    private static final int MAX_PATTERNS = 16;
    /** Children a layer's boards may have, per board kept: up to three moves each, the way back excluded. */
    private static final int CHILDREN_PER_WIDTH = 3;
    /** Bytes the trail takes per board kept: an int, and as much again while its array grows. */
    private static final int TRAIL_BYTES_PER_BOARD = 2 * Integer.BYTES;
    /**
     * Layers a beam takes per unit of its start's estimate (Manhattan distance plus linear conflicts): about 1.4 on
     * 6x6 to 8x8 boards, planned with margin.
     */
    private static final double LAYERS_PER_ESTIMATE = 1.5;
    /** Children a board of a layer has, on average: three moves, less the ones back. */
    private static final double CHILDREN_PER_BOARD = 2.5;
    /** Layers planned beyond the estimate's share: near the end a board needs more moves than its estimate says. */
    private static final int PLANNED_EXTRA_LAYERS = 72;
    /**
     * Layers without a better board (fewer outer tiles away, or as many and a lower key) after which a beam
     * stops: it is held on a plateau of its key, shuffling tiles of the block while one or two outer tiles wait
     * for a detour it will not take; a beam from where it stopped, or else lines, place those better (chosen by
     * {@code bench/fast 8}).
     */
    private static final int STALL_LAYERS = 90;
    /**
     * Layers without fewer outer tiles away after which a beam stops, however its key falls: it orders the block
     * while the last outer tile waits (an 8x8 beam held one away for 165 layers), and a beam from where it stopped
     * brings that tile home in a few dozen moves (chosen by {@code bench/fast 7 8}).
     */
    private static final int STALL_AWAY_LAYERS = 120;
    /** What a child costs (scored, selected and written out) before one is measured. */
    private static final double FIRST_NANOS_PER_CHILD = 150;

    private final Shape shape;
    private final int n;
    /** Rows and columns: the lines whose conflicts the estimate counts. */
    private final int lines;
    /** A layer's record per board ({@link Layer}): its length, and where its conflicts and pattern entries start. */
    private final int record;
    private final int conflictsAt;
    private final int entriesAt;
    /** The key's weights ({@link BeamKey}). */
    private final int estimateWeight;
    private final int outerWeight;
    private final long seed;
    /** Per cell and move ordinal, the cell the blank reaches, or -1 off the board. */
    private final int[][] neighbour;
    /** Zobrist keys, per cell and label: {@code cell * n + label}. */
    private final long[] zobrist;
    /** Most boards a layer keeps. */
    private final int maxWidth;
    private final RecentBoards seen;
    /** Per layer, per board kept: its parent's index times four plus the move's ordinal. */
    private final IntArrayList trail = new IntArrayList();
    private final IntArrayList layerStarts = new IntArrayList();

    // Per search: the estimate (of the whole board: tiles outside the region are home and add nothing), goal
    // cells by label, the region's cells, which labels are outer, and per label and cell what a tile adds to the
    // key beyond the estimate's (label * n + cell): an outer tile's distance, and a seeded key's noise.
    private ManhattanLinearConflict estimate;
    /** The region's patterns, or null when the key goes without them. */
    private RegionPatterns patterns;
    private int patternCount;
    private final int[] goalCell;
    private final boolean[] outer;
    private final boolean[] inRegion;
    private final int[] outerDistance;

    /** The layer being expanded, and the one being filled. */
    private Layer layer;
    private Layer next;

    // Children of a layer (the first has four, the others three a board at most): parent * 4 + move, key,
    // hash, outer tiles away; and their order by key.
    private final int[] childOrigin;
    private final int[] childKey;
    private final long[] childHash;
    private final int[] childAway;
    /** The line whose conflicts the move changes in each child (-1 for none), and that line's conflicts then. */
    private final byte[] childLine;
    private final byte[] childLineConflicts;
    /**
     * The moved tile's pattern in each child (-1 for none), its index and its entry, when the region has patterns:
     * the parent's entry until {@link #readPatternEntries} reads the child's.
     */
    private final byte[] childPattern;
    private final int[] childPatternIndex;
    private final byte[] childPatternEntry;
    private final int[] byKey;
    private int[] keyCounts = new int[0];

    // The best board met so far: outer tiles away, key, layer and index in it; the layer where the fewest outer
    // tiles away were first met.
    private int bestAway;
    private int bestKey;
    private int bestLayer;
    private int bestIndex;
    private int fewestAwayLayer;
    private final BooleanSupplier cancelled;
    /** Most boards the trail may hold ({@code maxBytes}' other half). */
    private final long maxTrail;

    /**
     * A placer whose layers keep at most {@code maxWidth} boards ({@link #widestFor}), and fewer where its layers
     * and the trail of the boards they kept would take more than {@code maxBytes}: its layers then take at most
     * half, and a beam stops at the layer that would take its trail past the other half. It stops at the next
     * layer once {@code cancelled} is true.
     */
    BeamPlacer(Shape shape, BeamKey key, int maxWidth, long maxBytes, BooleanSupplier cancelled) {
        this.shape = shape;
        this.cancelled = cancelled;
        lines = shape.rows() + shape.cols();
        record = Layer.recordBytes(shape.size(), lines);
        conflictsAt = shape.size();
        entriesAt = conflictsAt + lines;
        long bytesPerBoard = bytesPerBoard(shape.size(), lines);
        this.maxWidth = (int) Math.max(MIN_WIDTH, Math.min(maxWidth, maxBytes / 2 / bytesPerBoard));
        this.maxTrail = Math.max(0, (maxBytes - this.maxWidth * bytesPerBoard) / TRAIL_BYTES_PER_BOARD);
        seen = new RecentBoards(this.maxWidth);
        n = shape.size();
        estimateWeight = key.estimateWeight();
        outerWeight = key.outerWeight();
        seed = key.seed();
        neighbour = shape.neighbourByMove();
        zobrist = new long[n * n];
        SplittableRandom random = new SplittableRandom(n);
        for (int i = 0; i < zobrist.length; i++) {
            zobrist[i] = random.nextLong();
        }
        goalCell = new int[n];
        outer = new boolean[n];
        inRegion = new boolean[n];
        outerDistance = new int[n * n];
        layer = new Layer(n, lines, this.maxWidth);
        next = new Layer(n, lines, this.maxWidth);
        int maxChildren = CHILDREN_PER_WIDTH * this.maxWidth + 1;
        childOrigin = new int[maxChildren];
        childKey = new int[maxChildren];
        childHash = new long[maxChildren];
        childAway = new int[maxChildren];
        childLine = new byte[maxChildren];
        childLineConflicts = new byte[maxChildren];
        childPattern = new byte[maxChildren];
        childPatternIndex = new int[maxChildren];
        childPatternEntry = new byte[maxChildren];
        byKey = new int[maxChildren];
    }

    /**
     * Bytes a placer holds per board of its widest layer: two layers, the children of one layer (origin, key, hash,
     * tiles away, changed line and its conflicts, pattern, pattern index and entry, rank by key), and the recently
     * seen boards.
     */
    private static long bytesPerBoard(int cells, int lines) {
        long children = CHILDREN_PER_WIDTH * (Integer.BYTES * 5L + Long.BYTES + 4);
        return 2 * Layer.bytesPerBoard(cells, lines) + children + RecentBoards.bytesPerBoard();
    }

    /** The most boards a layer may keep in an answer of the given time. */
    static int widestFor(Duration answerTime) {
        return (int) Math.max(MIN_WIDTH, Math.min(WIDEST, WIDTH_PER_SECOND * answerTime.toMillis() / 1000));
    }

    /**
     * Moves the blank within {@code region} of {@code state} (canonical labels against the goal blank
     * {@code goalBlank}; tiles outside the region are home) until every tile bound for a cell of the region
     * outside {@code target} is home. Each layer is as wide as the time left before {@code deadlineNanos} allows
     * for the layers still expected, at the cost per child measured so far, so that a beam uses its time whatever
     * the machine. When no board gets there in time, or the beam stalls, the moves lead to the best board met;
     * null when none was better than the start. Leaves {@code state} unchanged.
     */
    Placement place(byte[] state, int blank, int goalBlank, Block region, Block target, RegionPatterns guide,
                    long deadlineNanos) {
        return place(state, blank, goalBlank, region, target, guide, deadlineNanos, Integer.MAX_VALUE);
    }

    /**
     * As {@link #place(byte[], int, int, Block, Block, RegionPatterns, long)}, in at most {@code maxLayers}
     * layers.
     *
     * @param guide the region's patterns, whose excess the key adds, or null
     */
    Placement place(byte[] state, int blank, int goalBlank, Block region, Block target, RegionPatterns guide,
                    long deadlineNanos, int maxLayers) {
        long started = System.nanoTime();
        prepare(goalBlank, region, target, guide);
        System.arraycopy(state, 0, layer.records, 0, n);
        layer.blanks[0] = blank;
        int startEstimate = estimate.estimate(state);
        layer.keys[0] = estimateWeight * (startEstimate + 2 * startPatternEntries()) + outerDistanceOf(state);
        layer.hashes[0] = hash(state);
        layer.away[0] = outerAway(state);
        layer.lastMoves[0] = -1;
        for (int line = 0; line < lines; line++) {
            layer.records[conflictsAt + line] = (byte) estimate.lineConflicts(state, 0, line);
        }
        int count = 1;
        seen.clear();
        seen.add(layer.hashes[0]);
        trail.clear();
        layerStarts.clear();
        if (layer.away[0] == 0) {
            return new Placement("", true);
        }
        int away0 = layer.away[0];
        bestAway = away0;
        bestKey = layer.keys[0];
        bestLayer = -1;
        fewestAwayLayer = -1;
        int plannedLayers = (int) (LAYERS_PER_ESTIMATE * startEstimate) + PLANNED_EXTRA_LAYERS;
        // A beam that wanders on a plateau of its key rarely comes back with a short answer: give up early.
        int maxDepth = Math.min(maxLayers, 2 * startEstimate + 2 * n);
        long made = 0;
        while (layerStarts.size() < maxDepth && layerStarts.size() - bestLayer <= STALL_LAYERS
                && layerStarts.size() - fewestAwayLayer <= STALL_AWAY_LAYERS) {
            long now = System.nanoTime();
            if (now >= deadlineNanos || cancelled.getAsBoolean() || trail.size() + (long) maxWidth > maxTrail) {
                break;
            }
            double nanosPerChild = made == 0 ? FIRST_NANOS_PER_CHILD : (now - started) / (double) made;
            // Past the plan, the rest is expected to take a third of it.
            int layersLeft = Math.max(plannedLayers - layerStarts.size(), plannedLayers / 3 + 1);
            double affordable = (deadlineNanos - now) / (layersLeft * CHILDREN_PER_BOARD * nanosPerChild);
            int width = (int) Math.max(MIN_WIDTH, Math.min(maxWidth, affordable));
            int children = expand(count);
            made += children;
            int last = selectAndFill(children, width);
            if (last >= 0) {
                return new Placement(moves(layerStarts.size() - 1, last), true);
            }
            count = trail.size() - layerStarts.getInt(layerStarts.size() - 1);
            if (count == 0) {
                break;
            }
            swapLayers();
        }
        return bestAway < away0 ? new Placement(moves(bestLayer, bestIndex), false) : null;
    }

    private void prepare(int goalBlank, Block region, Block target, RegionPatterns guide) {
        estimate = new ManhattanLinearConflict(shape, goalBlank);
        patterns = guide;
        patternCount = guide == null ? 0 : guide.patterns();
        if (patternCount > MAX_PATTERNS) {
            throw new IllegalArgumentException("a region of " + patternCount + " patterns");
        }
        for (int cell = 0; cell < n; cell++) {
            inRegion[cell] = region.holds(shape.row(cell), shape.col(cell));
        }
        for (int label = 0; label < n; label++) {
            int goal = Puzzle.canonicalGoalCell(label, goalBlank);
            goalCell[label] = goal;
            outer[label] = label != 0 && inRegion[goal] && !target.holds(shape.row(goal), shape.col(goal));
            for (int cell = 0; cell < n; cell++) {
                outerDistance[label * n + cell] = outer[label] ? outerWeight * shape.distance(goal, cell) : 0;
            }
        }
        if (seed != 0) {
            SplittableRandom noise = new SplittableRandom(seed);
            for (int i = n; i < outerDistance.length; i++) {
                outerDistance[i] += noise.nextInt(2);
            }
        }
    }

    /** Scores every child of the current layer's {@code count} boards; returns how many there are. */
    private int expand(int count) {
        int made = 0;
        byte[] records = layer.records;
        for (int i = 0; i < count; i++) {
            int base = i * record;
            int blank = layer.blanks[i];
            for (int m = 0; m < MOVES.length; m++) {
                int cell = neighbour[blank][m];
                if (cell < 0 || !inRegion[cell] || layer.lastMoves[i] == MOVES[m].opposite().ordinal()) {
                    continue;
                }
                childOrigin[made] = i * 4 + m;
                int label = records[base + cell];
                int change = estimate.distanceChange(records, base, blank, cell);
                int line = estimate.changedLine(records, base, blank, cell);
                childLine[made] = (byte) line;
                if (line >= 0) {
                    int conflicts = estimate.lineConflictsAfter(records, base, blank, cell, line);
                    childLineConflicts[made] = (byte) conflicts;
                    change += conflicts - records[base + conflictsAt + line];
                }
                childKey[made] = layer.keys[i] + estimateWeight * change
                        + outerDistance[label * n + blank] - outerDistance[label * n + cell];
                childHash[made] = layer.hashes[i] ^ zobrist[cell * n + label] ^ zobrist[blank * n + label]
                        ^ zobrist[cell * n] ^ zobrist[blank * n];
                childAway[made] = layer.away[i] + (outer[label] ? awayDelta(label, cell, blank) : 0);
                if (patterns != null) {
                    int pattern = patterns.patternOf(label);
                    childPattern[made] = (byte) pattern;
                    if (pattern >= 0) {
                        childPatternIndex[made] = layer.patternIndexes[i * MAX_PATTERNS + pattern]
                                + patterns.indexTerm(label, blank) - patterns.indexTerm(label, cell);
                        childPatternEntry[made] = records[base + entriesAt + pattern];
                    }
                }
                made++;
            }
        }
        if (patterns != null) {
            readPatternEntries(made);
        }
        return made;
    }

    /**
     * Reads the moved tile's pattern entry of every child, in a loop of its own: the reads are independent of each
     * other, so the processor keeps many of the tables' cache misses in flight at once.
     */
    private void readPatternEntries(int made) {
        for (int j = 0; j < made; j++) {
            int pattern = childPattern[j];
            if (pattern >= 0) {
                int entry = patterns.entry(pattern, childPatternIndex[j]);
                childKey[j] += 2 * estimateWeight * (entry - childPatternEntry[j]);
                childPatternEntry[j] = (byte) entry;
            }
        }
    }

    private int awayDelta(int label, int from, int to) {
        return (from == goalCell[label] ? 1 : 0) - (to == goalCell[label] ? 1 : 0);
    }

    /**
     * Keeps the {@code width} unseen children of lowest key as the next layer; returns the index of the first
     * (lowest key) child with every outer tile home, or -1.
     */
    private int selectAndFill(int made, int width) {
        int maxKey = 0;
        for (int j = 0; j < made; j++) {
            maxKey = Math.max(maxKey, childKey[j]);
        }
        if (keyCounts.length < maxKey + 2) {
            keyCounts = new int[maxKey + 2];
        }
        Arrays.fill(keyCounts, 0, maxKey + 2, 0);
        for (int j = 0; j < made; j++) {
            keyCounts[childKey[j] + 1]++;
        }
        for (int k = 1; k <= maxKey + 1; k++) {
            keyCounts[k] += keyCounts[k - 1];
        }
        for (int j = 0; j < made; j++) {
            byKey[keyCounts[childKey[j]]++] = j;
        }
        layerStarts.add(trail.size());
        byte[] records = next.records;
        int kept = 0;
        for (int r = 0; r < made && kept < width; r++) {
            int j = byKey[r];
            if (!seen.add(childHash[j])) {
                continue;
            }
            int parent = childOrigin[j] >>> 2;
            int move = childOrigin[j] & 3;
            int to = kept * record;
            System.arraycopy(layer.records, parent * record, records, to, entriesAt + patternCount);
            int blank = layer.blanks[parent];
            int cell = neighbour[blank][move];
            records[to + blank] = records[to + cell];
            records[to + cell] = 0;
            next.blanks[kept] = cell;
            next.keys[kept] = childKey[j];
            next.hashes[kept] = childHash[j];
            next.away[kept] = childAway[j];
            next.lastMoves[kept] = (byte) move;
            if (childLine[j] >= 0) {
                records[to + conflictsAt + childLine[j]] = childLineConflicts[j];
            }
            if (patterns != null) {
                System.arraycopy(layer.patternIndexes, parent * MAX_PATTERNS, next.patternIndexes, kept * MAX_PATTERNS,
                        patternCount);
                int pattern = patterns.patternOf(records[to + blank]);
                if (pattern >= 0) {
                    next.patternIndexes[kept * MAX_PATTERNS + pattern] = childPatternIndex[j];
                    records[to + entriesAt + pattern] = childPatternEntry[j];
                }
            }
            trail.add(childOrigin[j]);
            if (childAway[j] == 0) {
                return kept;
            }
            if (childAway[j] < bestAway) {
                fewestAwayLayer = layerStarts.size() - 1;
            }
            if (childAway[j] < bestAway || childAway[j] == bestAway && childKey[j] < bestKey) {
                bestAway = childAway[j];
                bestKey = childKey[j];
                bestLayer = layerStarts.size() - 1;
                bestIndex = kept;
            }
            kept++;
        }
        return -1;
    }

    private void swapLayers() {
        Layer filled = next;
        next = layer;
        layer = filled;
    }

    /** The moves that lead to the board kept at {@code index} of layer {@code last}. */
    private String moves(int last, int index) {
        char[] letters = new char[last + 1];
        for (int layer = last; layer >= 0; layer--) {
            int origin = trail.getInt(layerStarts.getInt(layer) + index);
            letters[layer] = MOVES[origin & 3].letter();
            index = origin >>> 2;
        }
        return new String(letters);
    }

    private long hash(byte[] board) {
        long h = 0;
        for (int cell = 0; cell < n; cell++) {
            h ^= zobrist[cell * n + board[cell]];
        }
        return h;
    }

    /** Sets the start's pattern indexes and entries (the first board of the layer); returns the entries' sum. */
    private int startPatternEntries() {
        int sum = 0;
        for (int pattern = 0; pattern < patternCount; pattern++) {
            int index = patterns.indexOf(pattern, layer.records, 0);
            int entry = patterns.entry(pattern, index);
            layer.patternIndexes[pattern] = index;
            layer.records[entriesAt + pattern] = (byte) entry;
            sum += entry;
        }
        return sum;
    }

    /** What the outer tiles of {@code board} add to its key beyond the estimate. */
    private int outerDistanceOf(byte[] board) {
        int sum = 0;
        for (int cell = 0; cell < n; cell++) {
            sum += outerDistance[board[cell] * n + cell];
        }
        return sum;
    }

    private int outerAway(byte[] board) {
        int count = 0;
        for (int cell = 0; cell < n; cell++) {
            int label = board[cell];
            if (outer[label] && cell != goalCell[label]) {
                count++;
            }
        }
        return count;
    }
}
