package io.npuzzle.core.pdb;

import io.npuzzle.core.board.Move;
import io.npuzzle.core.board.Shape;
import it.unimi.dsi.fastutil.ints.IntArrayList;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Builds a database by breadth-first search backwards from the goal placement over states (placement,
 * region of the blank), in the manner of Korf and Felner: a move of a pattern tile costs one, the blank
 * wanders among the other cells for free, so each state stands for a whole connected region of free cells.
 * Levels are expanded in parallel; a placement's distance is the level where any of its regions is first met.
 */
public final class PatternDatabaseBuilder {

    private static final byte UNSEEN = -1;
    private static final int CHUNK = 1 << 12;
    private static final VarHandle REGIONS = MethodHandles.arrayElementVarHandle(int[].class);

    private final int threads;

    public PatternDatabaseBuilder(int threads) {
        this.threads = Math.max(1, threads);
    }

    public PatternDatabase build(Pattern pattern) {
        Level level = new Level(pattern);
        ExecutorService pool = threads > 1 ? Executors.newFixedThreadPool(threads - 1, PatternDatabaseBuilder::daemon) : null;
        try {
            IntArrayList frontier = level.seedGoal();
            for (int depth = 0; !frontier.isEmpty(); depth++) {
                frontier = level.expand(frontier, depth, pool);
            }
        } finally {
            if (pool != null) {
                pool.shutdownNow();
            }
        }
        return new PatternDatabase(pattern, level.distances);
    }

    private static Thread daemon(Runnable task) {
        Thread thread = new Thread(task, "npuzzle-pdb-build");
        thread.setDaemon(true);
        return thread;
    }

    /** The search's shared tables and the expansion of one breadth-first level. */
    private final class Level {

        private final Pattern pattern;
        private final int n;
        private final int k;
        private final int cols;
        private final int allCells;
        private final int notFirstCol;
        private final int notLastCol;
        private final int[][] neighbours;
        private final int[] identity;
        private final byte[] distances;
        /** Per placement, the blank cells already reached: a union of whole regions. */
        private final int[] regions;

        Level(Pattern pattern) {
            Shape shape = pattern.shape();
            this.pattern = pattern;
            this.n = shape.size();
            this.k = pattern.tileCount();
            this.cols = shape.cols();
            this.allCells = n == 32 ? -1 : (1 << n) - 1;
            int firstCol = 0;
            int lastCol = 0;
            for (int r = 0; r < shape.rows(); r++) {
                firstCol |= 1 << (r * cols);
                lastCol |= 1 << (r * cols + cols - 1);
            }
            this.notFirstCol = allCells & ~firstCol;
            this.notLastCol = allCells & ~lastCol;
            this.neighbours = new int[n][];
            for (int cell = 0; cell < n; cell++) {
                IntArrayList cells = new IntArrayList(4);
                for (Move move : Move.all()) {
                    int target = shape.neighbour(cell, move);
                    if (target >= 0) {
                        cells.add(target);
                    }
                }
                neighbours[cell] = cells.toIntArray();
            }
            this.identity = new int[Math.max(n, k)];
            for (int i = 0; i < identity.length; i++) {
                identity[i] = i;
            }
            this.distances = new byte[pattern.entries()];
            Arrays.fill(distances, UNSEEN);
            this.regions = new int[pattern.entries()];
        }

        /** Level 0: the goal placement, one state per region of the free cells (the goal blank may be in any). */
        IntArrayList seedGoal() {
            int[] cells = pattern.cells();
            int goal = Pattern.rank(n, Arrays.copyOf(identity, k), identity, cells);
            int free = allCells & ~pattern.cellMask();
            distances[goal] = 0;
            regions[goal] = free;
            IntArrayList frontier = new IntArrayList();
            for (int rest = free; rest != 0; ) {
                int cell = Integer.numberOfTrailingZeros(rest);
                frontier.add(goal << 5 | cell);
                rest &= ~flood(1 << cell, free);
            }
            return frontier;
        }

        IntArrayList expand(IntArrayList frontier, int depth, ExecutorService pool) {
            int[] states = frontier.elements();
            int size = frontier.size();
            AtomicInteger nextChunk = new AtomicInteger();
            List<Future<IntArrayList>> helpers = new ArrayList<>();
            if (pool != null && size > CHUNK) {
                for (int t = 1; t < threads; t++) {
                    helpers.add(pool.submit(() -> expandChunks(states, size, nextChunk, depth)));
                }
            }
            IntArrayList next = expandChunks(states, size, nextChunk, depth);
            for (Future<IntArrayList> helper : helpers) {
                try {
                    next.addAll(helper.get());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while building " + pattern.key(), e);
                } catch (ExecutionException e) {
                    throw new IllegalStateException("building " + pattern.key() + " failed", e.getCause());
                }
            }
            return next;
        }

        private IntArrayList expandChunks(int[] states, int size, AtomicInteger nextChunk, int depth) {
            IntArrayList next = new IntArrayList();
            int[] cells = new int[k];
            int[] members = Arrays.copyOf(identity, k);
            byte childDistance = (byte) (depth + 1);
            for (int from; (from = nextChunk.getAndAdd(CHUNK)) < size; ) {
                int to = Math.min(size, from + CHUNK);
                for (int s = from; s < to; s++) {
                    expandState(states[s], cells, members, childDistance, next);
                }
            }
            return next;
        }

        private void expandState(int state, int[] cells, int[] members, byte childDistance, IntArrayList next) {
            pattern.unrank(state >>> 5, cells);
            int occupied = 0;
            for (int i = 0; i < k; i++) {
                occupied |= 1 << cells[i];
            }
            int free = allCells & ~occupied;
            int region = flood(1 << (state & 31), free);
            for (int i = 0; i < k; i++) {
                int from = cells[i];
                for (int to : neighbours[from]) {
                    if ((region & (1 << to)) == 0) {
                        continue; // the blank cannot get there without moving another pattern tile
                    }
                    cells[i] = to;
                    int child = Pattern.rank(n, members, identity, cells);
                    cells[i] = from;
                    int blankBit = 1 << from;
                    if ((regions[child] & blankBit) != 0) {
                        continue;
                    }
                    int childRegion = flood(blankBit, (free | blankBit) & ~(1 << to));
                    int before = (int) REGIONS.getAndBitwiseOr(regions, child, childRegion);
                    if ((before & blankBit) == 0) {
                        if (distances[child] == UNSEEN) {
                            distances[child] = childDistance;
                        }
                        next.add(child << 5 | from);
                    }
                }
            }
        }

        /** Cells reachable from {@code seed} through {@code free} cells, by bit-parallel flooding. */
        private int flood(int seed, int free) {
            int region = seed;
            while (true) {
                int grown = (region | (region << 1) & notFirstCol | (region >>> 1) & notLastCol
                        | region << cols | region >>> cols) & free;
                if (grown == region) {
                    return region;
                }
                region = grown;
            }
        }
    }
}
