package io.npuzzle.core.search;

import io.npuzzle.core.board.Move;
import it.unimi.dsi.fastutil.longs.Long2LongOpenHashMap;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Finds the sequences {@link PathAutomaton} prunes: walks every blank-move sequence on an unbounded grid by length,
 * then in move order, skipping those that contain one found already; a sequence that ends on a board an earlier
 * one reached, while that one stays within the rows and columns this one visits, is pruned. Boards are told apart
 * by a hash of the tiles off their cells, and a sequence is only listed once both, replayed, give the same board.
 */
final class DuplicateSequenceFinder {

    private static final int MOVES = 4;
    private static final int[] ROW_STEP = {-1, 1, 0, 0};
    private static final int[] COL_STEP = {0, 0, -1, 1};

    private final int maxLength;
    private final int side;
    private final int origin;
    private final List<String> found = new ArrayList<>();
    /** Per board hash: the first sequence that reached it (moves, length, rows and columns it spans). */
    private final Long2LongOpenHashMap firstPaths = new Long2LongOpenHashMap();
    private final int[] grid;
    private final int[] path;
    private final int[] spans;
    private int[] transitions;

    private DuplicateSequenceFinder(int maxLength) {
        this.maxLength = maxLength;
        side = 2 * maxLength + 1;
        origin = maxLength * side + maxLength;
        grid = new int[side * side];
        path = new int[maxLength];
        spans = new int[maxLength + 1];
        firstPaths.defaultReturnValue(-1);
        spans[0] = span(maxLength, maxLength, maxLength, maxLength);
    }

    /** Every pruned sequence of at most {@code maxLength} moves (at most 15), in move letters, shortest first. */
    static List<String> upTo(int maxLength) {
        return new DuplicateSequenceFinder(maxLength).find();
    }

    private List<String> find() {
        for (int cell = 0; cell < grid.length; cell++) {
            grid[cell] = cell;
        }
        firstPaths.put(mix(origin), pack(0, spans[0]));
        for (int length = 1; length <= maxLength; length++) {
            transitions = PathAutomaton.of(found).transitions();
            walk(length, 0, origin, PathAutomaton.START, 0);
        }
        return found;
    }

    private void walk(int length, int depth, int blank, int state, long hash) {
        if (depth == length) {
            record(length, blank, hash);
            return;
        }
        int row = blank / side;
        int col = blank % side;
        for (int move = 0; move < MOVES; move++) {
            int next = transitions[state << 2 | move];
            if (next == PathAutomaton.PRUNED) {
                continue;
            }
            int to = (row + ROW_STEP[move]) * side + col + COL_STEP[move];
            long childHash = hash ^ term(blank, grid[blank]) ^ term(to, grid[to]);
            int tile = grid[to];
            grid[to] = grid[blank];
            grid[blank] = tile;
            childHash ^= term(blank, grid[blank]) ^ term(to, grid[to]);
            path[depth] = move;
            spans[depth + 1] = widened(spans[depth], to / side, to % side);
            walk(length, depth + 1, to, next, childHash);
            grid[blank] = grid[to];
            grid[to] = tile;
        }
    }

    private void record(int length, int blank, long hash) {
        long key = hash ^ mix(blank);
        long first = firstPaths.get(key);
        if (first == -1) {
            firstPaths.put(key, pack(length, spans[length]));
            return;
        }
        int firstLength = (int) (first >>> 52);
        int firstSpan = (int) (first >>> 32) & 0xFFFFF;
        int[] earlier = unpack(first, firstLength);
        int[] later = Arrays.copyOf(path, length);
        if (within(firstSpan, spans[length]) && Arrays.equals(replay(earlier), replay(later))) {
            StringBuilder letters = new StringBuilder(length);
            for (int move : later) {
                letters.append(Move.all()[move].letter());
            }
            found.add(letters.toString());
        }
    }

    private long pack(int length, int span) {
        long moves = 0;
        for (int i = 0; i < length; i++) {
            moves |= (long) path[i] << (2 * i);
        }
        return (long) length << 52 | (long) span << 32 | moves;
    }

    private static int[] unpack(long packed, int length) {
        int[] moves = new int[length];
        for (int i = 0; i < length; i++) {
            moves[i] = (int) (packed >>> (2 * i)) & 3;
        }
        return moves;
    }

    /** Whether the span {@code inner} lies within {@code outer}. */
    private static boolean within(int inner, int outer) {
        return (inner >>> 15 & 31) >= (outer >>> 15 & 31) && (inner >>> 10 & 31) <= (outer >>> 10 & 31)
                && (inner >>> 5 & 31) >= (outer >>> 5 & 31) && (inner & 31) <= (outer & 31);
    }

    private int[] replay(int[] moves) {
        int[] board = new int[side * side];
        for (int cell = 0; cell < board.length; cell++) {
            board[cell] = cell;
        }
        int blank = origin;
        for (int move : moves) {
            int to = blank + ROW_STEP[move] * side + COL_STEP[move];
            board[blank] = board[to];
            board[to] = origin;
            blank = to;
        }
        return board;
    }

    /** The hash term of a cell holding what started on {@code content}: none when it is back home. */
    private long term(int cell, int content) {
        return cell == content ? 0 : mix((long) cell * grid.length + content + 1);
    }

    /** Rows and columns spanned, five bits each: first row, last row, first column, last column. */
    private static int span(int firstRow, int lastRow, int firstCol, int lastCol) {
        return firstRow << 15 | lastRow << 10 | firstCol << 5 | lastCol;
    }

    private static int widened(int span, int row, int col) {
        return span(Math.min(span >>> 15 & 31, row), Math.max(span >>> 10 & 31, row),
                Math.min(span >>> 5 & 31, col), Math.max(span & 31, col));
    }

    /** Stafford's 64-bit finaliser (splitmix64): spreads small integers over the whole hash. */
    private static long mix(long x) {
        x = (x ^ (x >>> 30)) * 0xbf58476d1ce4e5b9L;
        x = (x ^ (x >>> 27)) * 0x94d049bb133111ebL;
        return x ^ (x >>> 31);
    }
}
