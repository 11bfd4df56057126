package io.npuzzle.core.fast;

import io.npuzzle.core.board.Board;
import io.npuzzle.core.board.Move;
import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.board.Shape;
import io.npuzzle.core.search.ManhattanLinearConflict;

import java.util.function.BooleanSupplier;

/**
 * Shortens a long answer piece by piece: each window of consecutive moves is replaced by a shortest path between
 * the boards at its ends when there is a shorter one, found by IDA* (Korf 1985) towards the window's last board
 * with Manhattan distance plus linear conflicts, within a node budget. The windows of a second pass straddle the
 * joints of the first. Beams and lines leave detours that only show once their moves are laid end to end: on 7x7
 * boards windows of {@link #WINDOW} moves take about a tenth off, in tens of milliseconds; longer windows with
 * more nodes find detours that span more moves. One instance serves one thread.
 */
final class PathShortener {

    /** Moves per window of a one-second answer: longer windows find more, and cost more nodes each. */
    static final int WINDOW = 36;
    /** Nodes one window's search of a one-second answer may expand before it is left as it is. */
    static final long WINDOW_NODES = 200_000;
    /** Nodes between looks at the clock. */
    private static final long CLOCK_NODES = 4096;
    private static final Move[] MOVES = Move.all();

    private final Shape shape;
    private final int n;
    private final int[][] neighbour;
    /** Estimates towards each blank cell of a window's last board, made when first needed. */
    private final ManhattanLinearConflict[] estimates;
    private final int[] cellOfLabel;
    private final byte[] board;
    private final int window;
    private final long windowNodes;
    private final char[] path;
    private long nodes;
    private long deadlineNanos;
    private boolean late;
    private final BooleanSupplier cancelled;

    /**
     * Windows of {@code window} moves, each searched within {@code windowNodes} nodes; the rest left as they are
     * once {@code cancelled} is true.
     */
    PathShortener(Shape shape, int window, long windowNodes, BooleanSupplier cancelled) {
        this.shape = shape;
        this.cancelled = cancelled;
        this.window = window;
        this.windowNodes = windowNodes;
        path = new char[window];
        n = shape.size();
        neighbour = shape.neighbourByMove();
        estimates = new ManhattanLinearConflict[n];
        cellOfLabel = new int[n];
        board = new byte[n];
    }

    /**
     * The moves, or a shorter sequence that takes {@code start} (tiles labelled anyhow, 0 the blank) to the same
     * board; windows are searched until {@code deadlineNanos}.
     */
    String shorten(byte[] start, String moves, long deadline) {
        deadlineNanos = deadline;
        late = false;
        String current = moves;
        for (int offset : new int[] {0, window / 2}) {
            current = pass(start, current, offset);
        }
        return current;
    }

    private String pass(byte[] start, String moves, int offset) {
        StringBuilder out = new StringBuilder(moves.length());
        byte[] from = start.clone();
        int blank = Board.cellOf(from, 0);
        out.append(moves, 0, Math.min(offset, moves.length()));
        blank = Board.play(shape, from, blank, moves, 0, Math.min(offset, moves.length()));
        for (int i = offset; i < moves.length(); i += window) {
            int end = Math.min(moves.length(), i + window);
            byte[] to = from.clone();
            int toBlank = Board.play(shape, to, blank, moves, i, end);
            String shorter = end - i >= 4 && !late && System.nanoTime() < deadlineNanos
                    ? shortestWithin(from, blank, to, toBlank, end - i - 2) : null;
            out.append(shorter != null ? shorter : moves.substring(i, end));
            from = to;
            blank = toBlank;
        }
        return out.toString();
    }

    /** A shortest path from {@code from} to {@code to} of at most {@code most} moves, or null within the budget. */
    private String shortestWithin(byte[] from, int blank, byte[] to, int toBlank, int most) {
        for (int cell = 0; cell < n; cell++) {
            cellOfLabel[to[cell]] = cell;
        }
        for (int cell = 0; cell < n; cell++) {
            board[cell] = from[cell] == 0 ? 0 : (byte) Puzzle.canonicalLabel(cellOfLabel[from[cell]], toBlank);
        }
        if (estimates[toBlank] == null) {
            estimates[toBlank] = new ManhattanLinearConflict(shape, toBlank);
        }
        ManhattanLinearConflict estimate = estimates[toBlank];
        int h = estimate.estimate(board);
        nodes = 0;
        for (int bound = h; bound <= most; bound += 2) {
            int found = search(estimate, blank, 0, h, bound, -1);
            if (found >= 0) {
                return new String(path, 0, found);
            }
            if (nodes > windowNodes || late) {
                return null;
            }
        }
        return null;
    }

    /** Depth-first search below {@code bound}; the path's length when the goal is reached, else -1. */
    private int search(ManhattanLinearConflict estimate, int blank, int g, int h, int bound, int last) {
        if (h == 0) {
            return g;
        }
        if (g + h > bound || ++nodes > windowNodes || late) {
            return -1;
        }
        if (nodes % CLOCK_NODES == 0 && (System.nanoTime() >= deadlineNanos || cancelled.getAsBoolean())) {
            late = true;
            return -1;
        }
        for (int m = 0; m < MOVES.length; m++) {
            int cell = neighbour[blank][m];
            if (cell < 0 || last == MOVES[m].opposite().ordinal()) {
                continue;
            }
            int child = h + estimate.change(board, 0, blank, cell);
            board[blank] = board[cell];
            board[cell] = 0;
            path[g] = MOVES[m].letter();
            int found = search(estimate, cell, g + 1, child, bound, m);
            board[cell] = board[blank];
            board[blank] = 0;
            if (found >= 0) {
                return found;
            }
        }
        return -1;
    }
}
