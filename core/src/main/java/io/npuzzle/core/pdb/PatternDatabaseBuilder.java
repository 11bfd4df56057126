package io.npuzzle.core.pdb;

import io.npuzzle.core.board.Shape;
import it.unimi.dsi.fastutil.longs.LongArrayList;

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

    private final int threads;

    public PatternDatabaseBuilder(int threads) {
        this.threads = Math.max(1, threads);
    }

    public PatternDatabase build(Pattern pattern) {
        Level level = new Level(pattern);
        ExecutorService pool = threads > 1 ? Executors.newFixedThreadPool(threads - 1, PatternDatabaseBuilder::daemon) : null;
        try {
            LongArrayList frontier = level.seedGoal();
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

    /**
     * The search's shared tables and the expansion of one level. A frontier entry packs a state as
     * rank (high 32 bits), the tiles' cells (4 bits each) and the blank's cell (low 4 bits).
     */
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
        private final char[] regions;

        Level(Pattern pattern) {
            Shape shape = pattern.shape();
            this.pattern = pattern;
            this.n = shape.size();
            this.k = pattern.tileCount();
            this.cols = shape.cols();
            this.allCells = (1 << n) - 1;
            int firstCol = 0;
            int lastCol = 0;
            for (int r = 0; r < shape.rows(); r++) {
                firstCol |= 1 << (r * cols);
                lastCol |= 1 << (r * cols + cols - 1);
            }
            this.notFirstCol = allCells & ~firstCol;
            this.notLastCol = allCells & ~lastCol;
            this.neighbours = shape.neighbourCells();
            this.identity = new int[n];
            for (int i = 0; i < n; i++) {
                identity[i] = i;
            }
            this.distances = new byte[pattern.entries()];
            Arrays.fill(distances, UNSEEN);
            this.regions = new char[pattern.entries()];
        }

        /** Level 0: the goal placement, one state per region of the free cells (the goal blank may be in any). */
        LongArrayList seedGoal() {
            int[] cells = pattern.cells();
            int goal = Pattern.rank(n, Arrays.copyOf(identity, k), identity, cells);
            int free = allCells & ~pattern.cellMask();
            distances[goal] = 0;
            regions[goal] = (char) free;
            LongArrayList frontier = new LongArrayList();
            for (int rest = free; rest != 0; ) {
                int cell = Integer.numberOfTrailingZeros(rest);
                frontier.add(pack(goal, cells, cell));
                rest &= ~flood(1 << cell, free);
            }
            return frontier;
        }

        LongArrayList expand(LongArrayList frontier, int depth, ExecutorService pool) {
            long[] states = frontier.elements();
            int size = frontier.size();
            // In rank order, consecutive states touch nearby entries: far fewer cache misses.
            Arrays.sort(states, 0, size);
            AtomicInteger nextChunk = new AtomicInteger();
            List<Future<LongArrayList>> others = new ArrayList<>();
            if (pool != null && size > CHUNK) {
                for (int t = 1; t < threads; t++) {
                    others.add(pool.submit(() -> expandChunks(states, size, nextChunk, depth)));
                }
            }
            LongArrayList next = expandChunks(states, size, nextChunk, depth);
            for (Future<LongArrayList> other : others) {
                try {
                    next.addAll(other.get());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while building " + pattern.key(), e);
                } catch (ExecutionException e) {
                    throw new IllegalStateException("building " + pattern.key() + " failed", e.getCause());
                }
            }
            return next;
        }

        private LongArrayList expandChunks(long[] states, int size, AtomicInteger nextChunk, int depth) {
            LongArrayList next = new LongArrayList();
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

        private void expandState(long state, int[] cells, int[] members, byte childDistance, LongArrayList next) {
            long placement = state & 0xFFFF_FFF0L;
            int occupied = 0;
            for (int i = 0; i < k; i++) {
                cells[i] = (int) (state >>> (4 * (k - i))) & 15;
                occupied |= 1 << cells[i];
            }
            int free = allCells & ~occupied;
            int region = flood(1 << ((int) state & 15), free);
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
                    int known = regions[child];
                    if ((known & blankBit) == 0) {
                        // Plain read-modify-write: when two threads race on one placement an update can be
                        // lost, which only lets a state be queued twice; no state is ever skipped, and a
                        // distance is written once, by the level that first meets the placement.
                        regions[child] = (char) (known | flood(blankBit, (free | blankBit) & ~(1 << to)));
                        if (distances[child] == UNSEEN) {
                            distances[child] = childDistance;
                        }
                        int shift = 4 * (k - i);
                        next.add((long) child << 32 | (placement & ~(15L << shift)) | (long) to << shift | from);
                    }
                }
            }
        }

        private long pack(int rank, int[] cells, int blank) {
            long packed = (long) rank << 32;
            for (int i = 0; i < k; i++) {
                packed |= (long) cells[i] << (4 * (k - i));
            }
            return packed | blank;
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
