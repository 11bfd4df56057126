package io.npuzzle.core.table;

import io.npuzzle.core.board.Board;
import io.npuzzle.core.board.Move;
import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.board.Shape;
import io.npuzzle.core.rank.PermutationRank;

import java.util.Arrays;

/**
 * Distance to the goal of every state of a small board, found by one breadth-first search backwards from the
 * canonical goal over Cantor-ranked states. A query then walks downhill, so an optimal answer costs
 * O(length) rank computations. Immutable once built and safe to share between threads.
 */
public final class ExactTable {

    /** Largest board an exact table covers: 10 cells, i.e. 10!/2 reachable states. */
    public static final int MAX_CELLS = 10;
    private static final byte UNREACHED = -1;

    private final Shape shape;
    private final int goalBlank;
    private final byte[] distance;
    private final long buildNanos;

    private ExactTable(Shape shape, int goalBlank, byte[] distance, long buildNanos) {
        this.shape = shape;
        this.goalBlank = goalBlank;
        this.distance = distance;
        this.buildNanos = buildNanos;
    }

    public static boolean covers(Shape shape) {
        return shape.size() <= MAX_CELLS;
    }

    /** Builds the table for the canonical goal of {@code shape} with the blank at {@code goalBlank}. */
    public static ExactTable build(Shape shape, int goalBlank) {
        if (!covers(shape)) {
            throw new IllegalArgumentException("no exact table for " + shape);
        }
        long started = System.nanoTime();
        int n = shape.size();
        byte[] distance = new byte[(int) PermutationRank.factorial(n)];
        Arrays.fill(distance, UNREACHED);
        int[] queue = new int[distance.length / 2];
        int[][] neighbours = shape.neighbourCells();

        byte[] state = new byte[n];
        for (int cell = 0; cell < n; cell++) {
            state[cell] = (byte) Puzzle.canonicalLabel(cell, goalBlank);
        }
        int goalRank = (int) PermutationRank.rank(state, n);
        distance[goalRank] = 0;
        queue[0] = goalRank;
        int head = 0;
        int tail = 1;
        while (head < tail) {
            int rank = queue[head++];
            byte next = (byte) (distance[rank] + 1);
            PermutationRank.unrank(rank, n, state);
            int blank = Board.cellOf(state, 0);
            for (int target : neighbours[blank]) {
                state[blank] = state[target];
                state[target] = 0;
                int neighbourRank = (int) PermutationRank.rank(state, n);
                if (distance[neighbourRank] == UNREACHED) {
                    distance[neighbourRank] = next;
                    queue[tail++] = neighbourRank;
                }
                state[target] = state[blank];
                state[blank] = 0;
            }
        }
        return new ExactTable(shape, goalBlank, distance, System.nanoTime() - started);
    }

    public Shape shape() {
        return shape;
    }

    public int goalBlank() {
        return goalBlank;
    }

    public long buildNanos() {
        return buildNanos;
    }

    /** Shortest distance of a relabelled state, or -1 when it cannot reach the goal. */
    public int distance(byte[] relabelled) {
        return distance[(int) PermutationRank.rank(relabelled, relabelled.length)];
    }

    /** Largest distance in the table: the diameter of the state space for this goal. */
    public int maxDistance() {
        int max = 0;
        for (byte d : distance) {
            max = Math.max(max, d);
        }
        return max;
    }

    /**
     * Optimal moves for a relabelled state (modified in place, left at the goal), or null when unreachable.
     * Among equally short answers the first move in {@link Move} order is taken, so answers are deterministic.
     */
    public String solve(byte[] state) {
        int n = state.length;
        int d = distance[(int) PermutationRank.rank(state, n)];
        if (d < 0) {
            return null;
        }
        char[] moves = new char[d];
        int blank = Board.cellOf(state, 0);
        for (int step = 0; step < moves.length; step++) {
            int wanted = d - step - 1;
            for (Move move : Move.all()) {
                int target = shape.neighbour(blank, move);
                if (target < 0) {
                    continue;
                }
                state[blank] = state[target];
                state[target] = 0;
                if (distance[(int) PermutationRank.rank(state, n)] == wanted) {
                    moves[step] = move.letter();
                    blank = target;
                    break;
                }
                state[target] = state[blank];
                state[blank] = 0;
            }
        }
        return new String(moves);
    }
}
