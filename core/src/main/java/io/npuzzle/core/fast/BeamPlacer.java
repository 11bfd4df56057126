package io.npuzzle.core.fast;

import io.npuzzle.core.board.Move;
import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.board.Shape;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Places every tile bound for a region's outer rows and columns at once, down to a target block (an 8x8 board
 * to its 5x5 corner), by beam search over whole boards (Lowerre 1976; Bisiani 1987): each layer keeps the
 * {@code width} unseen children of the layer before with the lowest Manhattan distance plus linear conflicts
 * (Hansson, Mayer and Yung 1992) of all the region's tiles, until a child has every outer tile home. Tiles travel
 * together, and the block left behind is already partly in order, so the answer is far shorter than lines
 * placed one after another. Keys, hashes (Zobrist 1970) and the bookkeeping of a layer are primitive arrays, a
 * child is scored from its parent by the move alone, and only the children kept are written out. One instance
 * serves one thread.
 */
final class BeamPlacer {

    /** A rectangle of cells: rows {@code top..top+rows-1}, columns {@code left..left+cols-1}. */
    record Block(int top, int left, int rows, int cols) {
        boolean holds(int row, int col) {
            return row >= top && row < top + rows && col >= left && col < left + cols;
        }
    }

    private static final Move[] MOVES = Move.all();

    private final int n;
    private final int cols;
    private final int[] rowOf;
    private final int[] colOf;
    /** Per cell and move ordinal, the cell the blank reaches, or -1 off the board. */
    private final int[][] neighbour;
    private final int[] opposite = new int[MOVES.length];
    /** Zobrist keys, per cell and label: {@code cell * n + label}. */
    private final long[] zobrist;
    private final LongOpenHashSet seen = new LongOpenHashSet();
    /** Per layer, per board kept: its parent's index times four plus the move's ordinal. */
    private final IntArrayList trail = new IntArrayList();
    private final IntArrayList layerStarts = new IntArrayList();
    private final int[] lineScratch;
    private final int[] lisTails;

    // Per search: goal cells by label, the region's cells, which labels are outer.
    private final int[] goalRow;
    private final int[] goalCol;
    private final boolean[] outer;
    private final boolean[] inRegion;
    private Block region;

    // The layer being expanded and the one being filled: boards, blank cells, keys, hashes, outer tiles away.
    private byte[] boards = new byte[0];
    private byte[] nextBoards = new byte[0];
    private int[] blanks = new int[0];
    private int[] nextBlanks = new int[0];
    private int[] keys = new int[0];
    private int[] nextKeys = new int[0];
    private long[] hashes = new long[0];
    private long[] nextHashes = new long[0];
    private int[] away = new int[0];
    private int[] nextAway = new int[0];
    private byte[] lastMoves = new byte[0];
    private byte[] nextLastMoves = new byte[0];

    // Children of a layer: parent * 4 + move, key, hash, outer tiles away; and their order by key.
    private int[] childOrigin = new int[0];
    private int[] childKey = new int[0];
    private long[] childHash = new long[0];
    private int[] childAway = new int[0];
    private int[] byKey = new int[0];
    private int[] keyCounts = new int[0];

    BeamPlacer(Shape shape) {
        n = shape.size();
        cols = shape.cols();
        rowOf = new int[n];
        colOf = new int[n];
        neighbour = new int[n][MOVES.length];
        for (int cell = 0; cell < n; cell++) {
            rowOf[cell] = shape.row(cell);
            colOf[cell] = shape.col(cell);
            for (Move move : MOVES) {
                neighbour[cell][move.ordinal()] = shape.neighbour(cell, move);
            }
        }
        for (Move move : MOVES) {
            opposite[move.ordinal()] = move.opposite().ordinal();
        }
        zobrist = new long[n * n];
        SplittableRandom random = new SplittableRandom(n);
        for (int i = 0; i < zobrist.length; i++) {
            zobrist[i] = random.nextLong();
        }
        int side = Math.max(shape.rows(), shape.cols());
        lineScratch = new int[side];
        lisTails = new int[side];
        goalRow = new int[n];
        goalCol = new int[n];
        outer = new boolean[n];
        inRegion = new boolean[n];
    }

    /** Fewest and most boards a layer keeps. */
    static final int MIN_WIDTH = 500;
    static final int MAX_WIDTH = 8_000;
    /**
     * Children per unit of the start's key: a beam's depth is about one and a half times the key, with two to
     * three children a board, so a layer of {@code children / (CHILDREN_PER_KEY * key)} boards spends about
     * {@code children} in all.
     */
    private static final int CHILDREN_PER_KEY = 4;

    /**
     * Moves the blank within {@code region} of {@code state} (canonical labels against the goal blank
     * {@code goalBlank}; tiles outside the region are home) until every tile bound for a cell of the region
     * outside {@code target} is home, with layers as wide as about {@code children} children in all allow.
     * Returns the moves, or null when no board got there within twice that many children or before
     * {@code deadlineNanos}; leaves {@code state} unchanged.
     */
    String place(byte[] state, int blank, int goalBlank, Block region, Block target, long children,
                 long deadlineNanos) {
        prepare(goalBlank, region, target);
        ensureCapacity(1);
        System.arraycopy(state, 0, boards, 0, n);
        int startKey = key(boards, 0);
        int width = (int) Math.max(MIN_WIDTH, Math.min(MAX_WIDTH, children / (CHILDREN_PER_KEY * Math.max(1, startKey))));
        ensureCapacity(width);
        System.arraycopy(state, 0, boards, 0, n);
        blanks[0] = blank;
        keys[0] = startKey;
        hashes[0] = hash(state);
        away[0] = outerAway(state);
        lastMoves[0] = -1;
        int count = 1;
        seen.clear();
        seen.add(hashes[0]);
        trail.clear();
        layerStarts.clear();
        if (away[0] == 0) {
            return "";
        }
        long made = 0;
        long maxChildren = 2 * children;
        // A beam that wanders on a plateau of its key rarely comes back with a short answer: give up early.
        int maxDepth = 2 * startKey + 2 * n;
        while (made < maxChildren && layerStarts.size() < maxDepth && System.nanoTime() < deadlineNanos) {
            int layer = expand(count);
            made += layer;
            int last = selectAndFill(layer, width);
            if (last >= 0) {
                return moves(last);
            }
            count = layerStarts.isEmpty() ? 0 : trail.size() - layerStarts.getInt(layerStarts.size() - 1);
            if (count == 0) {
                return null;
            }
            swapLayers();
        }
        return null;
    }

    private void prepare(int goalBlank, Block region, Block target) {
        this.region = region;
        for (int cell = 0; cell < n; cell++) {
            inRegion[cell] = region.holds(rowOf[cell], colOf[cell]);
        }
        for (int label = 0; label < n; label++) {
            int goal = Puzzle.canonicalGoalCell(label, goalBlank);
            goalRow[label] = rowOf[goal];
            goalCol[label] = colOf[goal];
            outer[label] = label != 0 && inRegion[goal] && !target.holds(rowOf[goal], colOf[goal]);
        }
    }

    /** Scores every child of the current layer's {@code count} boards; returns how many there are. */
    private int expand(int count) {
        int made = 0;
        for (int i = 0; i < count; i++) {
            int base = i * n;
            int blank = blanks[i];
            for (int m = 0; m < MOVES.length; m++) {
                int cell = neighbour[blank][m];
                if (cell < 0 || !inRegion[cell] || lastMoves[i] == opposite[m]) {
                    continue;
                }
                childOrigin[made] = i * 4 + m;
                childKey[made] = keys[i] + delta(base, blank, cell);
                int label = boards[base + cell];
                childHash[made] = hashes[i] ^ zobrist[cell * n + label] ^ zobrist[blank * n + label]
                        ^ zobrist[cell * n] ^ zobrist[blank * n];
                childAway[made] = away[i] + (outer[label] ? awayDelta(label, cell, blank) : 0);
                made++;
            }
        }
        return made;
    }

    /** The change of the key when the tile on {@code cell} slides onto {@code blank}. */
    private int delta(int base, int blank, int cell) {
        int label = boards[base + cell];
        int before = Math.abs(rowOf[cell] - goalRow[label]) + Math.abs(colOf[cell] - goalCol[label]);
        int after = Math.abs(rowOf[blank] - goalRow[label]) + Math.abs(colOf[blank] - goalCol[label]);
        // Only the line the tile belongs to by its goal can change its conflicts: a vertical slide keeps the
        // order of every column, and a row's conflicts count only the tiles whose goal row it is.
        int line;
        boolean row = colOf[cell] == colOf[blank];
        if (row) {
            line = goalRow[label] == rowOf[cell] ? rowOf[cell] : goalRow[label] == rowOf[blank] ? rowOf[blank] : -1;
        } else {
            line = goalCol[label] == colOf[cell] ? colOf[cell] : goalCol[label] == colOf[blank] ? colOf[blank] : -1;
        }
        if (line < 0) {
            return after - before;
        }
        int conflicts = row ? rowConflicts(base, line) : columnConflicts(base, line);
        boards[base + blank] = (byte) label;
        boards[base + cell] = 0;
        int conflictsAfter = row ? rowConflicts(base, line) : columnConflicts(base, line);
        boards[base + cell] = (byte) label;
        boards[base + blank] = 0;
        return after - before + conflictsAfter - conflicts;
    }

    private int awayDelta(int label, int from, int to) {
        boolean wasHome = rowOf[from] == goalRow[label] && colOf[from] == goalCol[label];
        boolean isHome = rowOf[to] == goalRow[label] && colOf[to] == goalCol[label];
        return (wasHome ? 1 : 0) - (isHome ? 1 : 0);
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
        int kept = 0;
        for (int r = 0; r < made && kept < width; r++) {
            int j = byKey[r];
            if (!seen.add(childHash[j])) {
                continue;
            }
            int parent = childOrigin[j] >>> 2;
            int move = childOrigin[j] & 3;
            int from = parent * n;
            int to = kept * n;
            System.arraycopy(boards, from, nextBoards, to, n);
            int blank = blanks[parent];
            int cell = neighbour[blank][move];
            nextBoards[to + blank] = nextBoards[to + cell];
            nextBoards[to + cell] = 0;
            nextBlanks[kept] = cell;
            nextKeys[kept] = childKey[j];
            nextHashes[kept] = childHash[j];
            nextAway[kept] = childAway[j];
            nextLastMoves[kept] = (byte) move;
            trail.add(childOrigin[j]);
            if (childAway[j] == 0) {
                return kept;
            }
            kept++;
        }
        return -1;
    }

    private void swapLayers() {
        byte[] b = boards;
        boards = nextBoards;
        nextBoards = b;
        int[] i = blanks;
        blanks = nextBlanks;
        nextBlanks = i;
        i = keys;
        keys = nextKeys;
        nextKeys = i;
        long[] h = hashes;
        hashes = nextHashes;
        nextHashes = h;
        i = away;
        away = nextAway;
        nextAway = i;
        b = lastMoves;
        lastMoves = nextLastMoves;
        nextLastMoves = b;
    }

    /** The moves that lead to the board kept at {@code index} of the last layer. */
    private String moves(int index) {
        char[] letters = new char[layerStarts.size()];
        for (int layer = layerStarts.size() - 1; layer >= 0; layer--) {
            int origin = trail.getInt(layerStarts.getInt(layer) + index);
            letters[layer] = MOVES[origin & 3].letter();
            index = origin >>> 2;
        }
        return new String(letters);
    }

    private int key(byte[] board, int base) {
        int key = 0;
        for (int cell = 0; cell < n; cell++) {
            int label = board[base + cell];
            if (label != 0 && inRegion[cell]) {
                key += Math.abs(rowOf[cell] - goalRow[label]) + Math.abs(colOf[cell] - goalCol[label]);
            }
        }
        for (int r = region.top(); r < region.top() + region.rows(); r++) {
            key += rowConflicts(base, r);
        }
        for (int c = region.left(); c < region.left() + region.cols(); c++) {
            key += columnConflicts(base, c);
        }
        return key;
    }

    private long hash(byte[] board) {
        long h = 0;
        for (int cell = 0; cell < n; cell++) {
            h ^= zobrist[cell * n + board[cell]];
        }
        return h;
    }

    private int outerAway(byte[] board) {
        int count = 0;
        for (int cell = 0; cell < n; cell++) {
            int label = board[cell];
            if (outer[label] && (rowOf[cell] != goalRow[label] || colOf[cell] != goalCol[label])) {
                count++;
            }
        }
        return count;
    }

    /** Linear conflicts of row {@code r} within the region: two moves per tile off the longest ordered run. */
    private int rowConflicts(int base, int r) {
        int k = 0;
        int first = base + r * cols + region.left();
        for (int c = 0; c < region.cols(); c++) {
            int label = boards[first + c];
            if (label != 0 && goalRow[label] == r) {
                lineScratch[k++] = goalCol[label];
            }
        }
        return 2 * (k - longestIncreasing(k));
    }

    private int columnConflicts(int base, int c) {
        int k = 0;
        int first = base + region.top() * cols + c;
        for (int r = 0; r < region.rows(); r++) {
            int label = boards[first + r * cols];
            if (label != 0 && goalCol[label] == c) {
                lineScratch[k++] = goalRow[label];
            }
        }
        return 2 * (k - longestIncreasing(k));
    }

    /** Length of the longest increasing run (not necessarily contiguous) of the first {@code k} scratch values. */
    private int longestIncreasing(int k) {
        if (k < 2) {
            return k;
        }
        int length = 0;
        for (int i = 0; i < k; i++) {
            int x = lineScratch[i];
            int lo = 0;
            int hi = length;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (lisTails[mid] < x) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            lisTails[lo] = x;
            if (lo == length) {
                length++;
            }
        }
        return length;
    }

    private void ensureCapacity(int width) {
        if (blanks.length >= width) {
            return;
        }
        boards = new byte[width * n];
        nextBoards = new byte[width * n];
        blanks = new int[width];
        nextBlanks = new int[width];
        keys = new int[width];
        nextKeys = new int[width];
        hashes = new long[width];
        nextHashes = new long[width];
        away = new int[width];
        nextAway = new int[width];
        lastMoves = new byte[width];
        nextLastMoves = new byte[width];
        int most = width * 3 + 1;
        childOrigin = new int[most];
        childKey = new int[most];
        childHash = new long[most];
        childAway = new int[most];
        byKey = new int[most];
    }
}
