package io.npuzzle.core.fast;

import io.npuzzle.core.board.Board;
import io.npuzzle.core.board.Move;
import io.npuzzle.core.board.Shape;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import it.unimi.dsi.fastutil.longs.Long2LongOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongArrayList;

import java.util.ArrayList;
import java.util.List;

/**
 * Brings a whole group of tiles (an outer line of the region) to their cells at once, the blank staying inside a
 * set of free cells: a weighted best-first search over (cell of each tile of the group, cell of the blank), all
 * other tiles being interchangeable, as in a pattern database's abstraction (Culberson and Schaeffer 1998), so
 * that an answer places the group whatever the other tiles are. The estimate is {@link LoneCosts}. Searching
 * the line as one group, rather than two tiles after two, lets tiles travel together and be placed in any order.
 * Within a node budget; holds its tables and maps, so one instance serves one thread.
 */
final class GroupPlacer {

    /** Bits per cell in a packed state: boards have at most 64 cells. */
    private static final int BITS = 6;
    private static final long CELL_MASK = (1 << BITS) - 1;
    /** Largest group: the cells of its tiles and of the blank fill a long. */
    static final int MAX_TILES = 64 / BITS - 1;

    private final int[][] neighbour;
    private final LoneCosts lone;
    private final Long2IntOpenHashMap cost = new Long2IntOpenHashMap();
    private final Long2LongOpenHashMap parent = new Long2LongOpenHashMap();
    private final List<LongArrayList> open = new ArrayList<>();
    private final int[] cells = new int[MAX_TILES];
    private int tiles;
    private int weightQuarters;

    GroupPlacer(Shape shape) {
        int n = shape.size();
        neighbour = shape.neighbourByMove();
        lone = new LoneCosts(shape);
    }

    /**
     * Moves the tiles labelled {@code labels} onto {@code targets} (as many, at most {@link #MAX_TILES}), the
     * blank moving only within {@code free} (a bit per cell), the states ordered by g + w * h with w given in
     * quarters. Returns the moves, or null when none was found within {@code maxNodes} expansions; leaves
     * {@code state} unchanged.
     */
    String place(byte[] state, int blank, long free, int[] labels, int[] targets, long maxNodes, int weightInQuarters) {
        tiles = labels.length;
        weightQuarters = weightInQuarters;
        lone.prepare(targets, free);
        long start = blank;
        long goal = 0;
        for (int i = 0; i < tiles; i++) {
            start |= (long) Board.cellOf(state, labels[i]) << (BITS * (i + 1));
            goal |= (long) targets[i] << (BITS * (i + 1));
        }
        cost.clear();
        parent.clear();
        for (LongArrayList bucket : open) {
            bucket.clear();
        }
        cost.put(start, 0);
        push(priority(0, start), start);
        long expanded = 0;
        for (int p = 0; p < open.size(); ) {
            LongArrayList bucket = open.get(p);
            if (bucket.isEmpty()) {
                p++;
                continue;
            }
            long s = bucket.popLong();
            int g = cost.get(s);
            if (priority(g, s) != p) {
                continue; // reached more cheaply since it was queued
            }
            if ((s & ~CELL_MASK) == goal) {
                return path(start, s);
            }
            if (++expanded > maxNodes) {
                return null;
            }
            int sBlank = (int) (s & CELL_MASK);
            for (int m = 0; m < 4; m++) {
                int next = neighbour[sBlank][m];
                if (next < 0 || (free & (1L << next)) == 0) {
                    continue;
                }
                long t = s & ~CELL_MASK | next;
                for (int i = 1; i <= tiles; i++) {
                    if ((s >>> (BITS * i) & CELL_MASK) == next) {
                        t = t & ~(CELL_MASK << (BITS * i)) | (long) sBlank << (BITS * i);
                        break;
                    }
                }
                if (g + 1 < cost.getOrDefault(t, Integer.MAX_VALUE)) {
                    cost.put(t, g + 1);
                    parent.put(t, s);
                    int childPriority = priority(g + 1, t);
                    push(childPriority, t);
                    p = Math.min(p, childPriority);
                }
            }
        }
        throw new IllegalStateException("tiles cannot reach their cells within the free region");
    }

    /** The moves from {@code start} to {@code end}, read from the blank's cells along the parents. */
    private String path(long start, long end) {
        StringBuilder reversed = new StringBuilder();
        for (long s = end; s != start; ) {
            long before = parent.get(s);
            int from = (int) (before & CELL_MASK);
            int to = (int) (s & CELL_MASK);
            for (int m = 0; m < 4; m++) {
                if (neighbour[from][m] == to) {
                    reversed.append(Move.all()[m].letter());
                    break;
                }
            }
            s = before;
        }
        return reversed.reverse().toString();
    }

    private int priority(int g, long s) {
        for (int i = 0; i < tiles; i++) {
            cells[i] = (int) (s >>> (BITS * (i + 1)) & CELL_MASK);
        }
        return 4 * g + weightQuarters * lone.estimate(cells, tiles, (int) (s & CELL_MASK));
    }

    private void push(int p, long s) {
        while (open.size() <= p) {
            open.add(new LongArrayList());
        }
        open.get(p).add(s);
    }
}
