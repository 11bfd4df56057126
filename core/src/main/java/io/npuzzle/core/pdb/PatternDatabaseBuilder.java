package io.npuzzle.core.pdb;

import io.npuzzle.core.board.Shape;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * Builds a database by breadth-first search backwards from the goal over states (placement, region of the
 * blank), as Korf and Felner do ("Disjoint pattern database heuristics", 2002): a move of a pattern tile costs
 * one, the blank wanders among the other cells for free, so a state stands for a whole connected region of
 * free cells, named by its lowest cell. A placement's distance is the level at which any of its regions is
 * first met.
 *
 * <p>No frontier is kept: every state has two bits in one flat array (unseen, closed, and the two levels in
 * flight, whose codes swap each level), and a level is a scan for its code, as in Korf's "Linear-time
 * disk-based implicit graph search" (JACM 2008) held in memory. The eight-tile half of the 15-puzzle's 7-8
 * partition (519 M placements, eight free cells each) thus needs 1 GiB of state bits and 260 MiB of entries.
 * Threads scan disjoint slices of the array and mark children with compare-and-set, so any number of them
 * build the same table. Between chunks each thread asks its {@link BuildPace} whether to go on, and parks while the
 * build gives way.
 */
public final class PatternDatabaseBuilder {

    private static final VarHandle WORDS = MethodHandles.arrayElementVarHandle(long[].class);
    private static final VarHandle BYTES = MethodHandles.arrayElementVarHandle(byte[].class);
    private static final int UNSEEN = 0;
    private static final int CLOSED = 3;
    private static final long LOW_BITS = 0x5555_5555_5555_5555L;
    /** Words of state bits a thread takes at a time. */
    private static final int CHUNK_WORDS = 1 << 10;
    private static final int UNREACHED = 15;
    /** How long a thread of a build that gives way parks before it asks its pace again. */
    private static final long PAUSE_NANOS = Duration.ofMillis(10).toNanos();

    private final int threads;

    public PatternDatabaseBuilder(int threads) {
        this.threads = Math.max(1, threads);
    }

    /** Memory a build of the pattern holds at its peak: the state bits and the entries. */
    public static long bytesNeeded(Pattern pattern) {
        long states = (long) pattern.entries() * (pattern.shape().size() - pattern.tileCount());
        return (states + 31) / 32 * Long.BYTES + PatternDatabase.bytesFor(pattern.entries());
    }

    public PatternDatabase build(Pattern pattern) {
        return build(pattern, new BuildProgress(pattern.entries()));
    }

    /** Builds the pattern's database, counting the placements it has reached in {@code progress} as it goes. */
    public PatternDatabase build(Pattern pattern, BuildProgress progress) {
        return build(pattern, progress, BuildPace.FULL);
    }

    /** Builds the pattern's database at the pace given, counting the placements it has reached in {@code progress}. */
    public PatternDatabase build(Pattern pattern, BuildProgress progress, BuildPace pace) {
        Search search = new Search(pattern, progress, pace);
        ExecutorService pool = threads > 1 ? Executors.newFixedThreadPool(threads - 1, PatternDatabaseBuilder::daemon) : null;
        try {
            int current = 1;
            search.seedGoal(current);
            for (int depth = 0; search.expandLevel(depth, current, pool) > 0; depth++) {
                current ^= CLOSED; // the next level's code: 1 <-> 2
            }
        } finally {
            if (pool != null) {
                pool.shutdownNow();
            }
        }
        return new PatternDatabase(pattern, search.finishedEntries());
    }

    private static Thread daemon(Runnable task) {
        Thread thread = new Thread(task, "npuzzle-pdb-build");
        thread.setDaemon(true);
        return thread;
    }

    /** The state bits, the entries being filled, and the expansion of one level. */
    private final class Search {

        private final Pattern pattern;
        private final int n;
        private final int k;
        private final int freeCells;
        private final int cols;
        private final long allCells;
        private final long notFirstCol;
        private final long notLastCol;
        private final int[][] neighbours;
        private final int[] goals;
        private final Shape shape;
        /** Two bits per state, state = rank * freeCells + (rank of the region's lowest cell among the free cells). */
        private final long[] states;
        private final byte[] entries;
        private final BuildProgress progress;
        private final BuildPace pace;

        Search(Pattern pattern, BuildProgress progress, BuildPace pace) {
            this.pattern = pattern;
            this.progress = progress;
            this.pace = pace;
            this.shape = pattern.shape();
            this.n = shape.size();
            this.k = pattern.tileCount();
            this.freeCells = n - k;
            this.cols = shape.cols();
            this.allCells = Pattern.allCells(shape);
            long firstCol = 0;
            long lastCol = 0;
            for (int r = 0; r < shape.rows(); r++) {
                firstCol |= 1L << (r * cols);
                lastCol |= 1L << (r * cols + cols - 1);
            }
            this.notFirstCol = allCells & ~firstCol;
            this.notLastCol = allCells & ~lastCol;
            this.neighbours = shape.neighbourCells();
            this.goals = pattern.cells();
            long stateCount = (long) pattern.entries() * freeCells;
            this.states = new long[(int) ((stateCount + 31) / 32)];
            this.entries = new byte[PatternDatabase.bytesFor(pattern.entries())];
            Arrays.fill(entries, (byte) -1);
        }

        /** Level 0: the goal placement, one state per region of the free cells where the blank may end ({@link Pattern#blankRegion}). */
        void seedGoal(int code) {
            int goal = rankOf(goals);
            long free = allCells & ~pattern.cellMask();
            setEntry(goal, 0);
            progress.reached(1);
            for (long rest = free; rest != 0; ) {
                long region = flood(1L << Long.numberOfTrailingZeros(rest), free);
                if ((region & pattern.blankRegion()) != 0) {
                    mark(goal, free, region, code);
                }
                rest &= ~region;
            }
        }

        /** Expands every state of the level coded {@code code}; returns how many states the next level has. */
        long expandLevel(int depth, int code, ExecutorService pool) {
            AtomicLong nextChunk = new AtomicLong();
            List<Future<Long>> others = new ArrayList<>();
            if (pool != null) {
                for (int t = 1; t < threads; t++) {
                    others.add(pool.submit(() -> expandChunks(depth, code, nextChunk)));
                }
            }
            long next = expandChunks(depth, code, nextChunk);
            for (Future<Long> other : others) {
                try {
                    next += other.get();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while building " + pattern.key(), e);
                } catch (ExecutionException e) {
                    throw new IllegalStateException("building " + pattern.key() + " failed", e.getCause());
                }
            }
            return next;
        }

        private long expandChunks(int depth, int code, AtomicLong nextChunk) {
            long found = 0;
            long[] placements = new long[1]; // placements first reached in the current chunk
            int[] cells = new int[k];
            long pattern2 = code * LOW_BITS; // the code repeated in every field
            int nextCode = code ^ CLOSED;
            for (long from; (from = nextChunk.getAndAdd(CHUNK_WORDS)) < states.length; ) {
                awaitTurn();
                int to = (int) Math.min(states.length, from + CHUNK_WORDS);
                for (int w = (int) from; w < to; w++) {
                    long word = (long) WORDS.getOpaque(states, w);
                    long differ = word ^ pattern2;
                    long matching = ~(differ | differ >>> 1) & LOW_BITS; // low bit of each field equal to code
                    if (matching == 0) {
                        continue;
                    }
                    // Closing flips the field's other bit: 01 -> 11, 10 -> 11.
                    WORDS.getAndBitwiseOr(states, w, code == 1 ? matching << 1 : matching);
                    for (long rest = matching; rest != 0; rest &= rest - 1) {
                        long state = (long) w * 32 + (Long.numberOfTrailingZeros(rest) >>> 1);
                        found += expandState(state, depth, nextCode, cells, placements);
                    }
                }
                progress.reached(placements[0]);
                placements[0] = 0;
            }
            return found;
        }

        /** Parks while the pace gives way; a thread interrupted (its pool shut down) goes on, to end at once. */
        private void awaitTurn() {
            while (pace.givesWay() && !Thread.currentThread().isInterrupted()) {
                LockSupport.parkNanos(PAUSE_NANOS);
            }
        }

        private int expandState(long state, int depth, int nextCode, int[] cells, long[] placements) {
            int rank = (int) (state / freeCells);
            int slot = (int) (state % freeCells);
            pattern.unrank(rank, cells);
            long occupied = 0;
            int manhattan = 0;
            for (int i = 0; i < k; i++) {
                occupied |= 1L << cells[i];
                manhattan += shape.distance(cells[i], goals[i]);
            }
            long free = allCells & ~occupied;
            long region = flood(1L << nthCell(free, slot), free);
            int found = 0;
            for (int i = 0; i < k; i++) {
                int from = cells[i];
                for (int to : neighbours[from]) {
                    if ((region & (1L << to)) == 0) {
                        continue; // the blank cannot get there without moving another pattern tile
                    }
                    cells[i] = to;
                    int child = rankOf(cells);
                    int childManhattan = manhattan + shape.distance(to, goals[i]) - shape.distance(from, goals[i]);
                    cells[i] = from;
                    long childFree = free & ~(1L << to) | 1L << from;
                    if (mark(child, childFree, flood(1L << from, childFree), nextCode)) {
                        found++;
                        if (setEntry(child, Math.min(PatternDatabase.MAX_ENTRY, (depth + 1 - childManhattan) >> 1))) {
                            placements[0]++;
                        }
                    }
                }
            }
            return found;
        }

        /** Marks an unseen state with {@code code}; false when it was seen already. */
        private boolean mark(int rank, long free, long region, int code) {
            int lowest = Long.numberOfTrailingZeros(region);
            long state = (long) rank * freeCells + Long.bitCount(free & ((1L << lowest) - 1));
            int w = (int) (state >>> 5);
            int shift = (int) (state & 31) << 1;
            while (true) {
                long word = (long) WORDS.getOpaque(states, w);
                if ((word >>> shift & 3) != UNSEEN) {
                    return false;
                }
                if (WORDS.weakCompareAndSet(states, w, word, word | (long) code << shift)) {
                    return true;
                }
            }
        }

        /**
         * Sets a placement's entry unless it has one: the first level that meets a placement sets it. True when
         * this call set it.
         */
        private boolean setEntry(int rank, int entry) {
            int at = rank >> 1;
            int shift = (rank & 1) << 2;
            while (true) {
                byte old = (byte) BYTES.getOpaque(entries, at);
                if ((old >> shift & 15) != UNREACHED) {
                    return false;
                }
                byte updated = (byte) (old & ~(15 << shift) | entry << shift);
                if (BYTES.weakCompareAndSet(entries, at, old, updated)) {
                    return true;
                }
            }
        }

        /**
         * With two free cells or more every placement is reachable; with one (a pattern of every tile), those of
         * the other permutation parity are not, and their entries, never read, are set to zero.
         */
        byte[] finishedEntries() {
            for (int rank = 0; rank < pattern.entries(); rank++) {
                if (PatternDatabase.entryAt(entries, rank) == UNREACHED) {
                    if (freeCells > 1) {
                        throw new IllegalStateException("pattern " + pattern.key() + ": placement " + rank + " never reached");
                    }
                    entries[rank >> 1] &= (byte) ~(UNREACHED << ((rank & 1) << 2));
                }
            }
            return entries;
        }

        /** Rank of a placement given its cells (see {@link Pattern#rank}). */
        private int rankOf(int[] cells) {
            int rank = 0;
            long used = 0;
            for (int i = 0; i < k; i++) {
                int cell = cells[i];
                rank = rank * (n - i) + cell - Long.bitCount(used & ((1L << cell) - 1));
                used |= 1L << cell;
            }
            return rank;
        }

        private static int nthCell(long cells, int index) {
            long rest = cells;
            for (int skip = index; skip > 0; skip--) {
                rest &= rest - 1;
            }
            return Long.numberOfTrailingZeros(rest);
        }

        /** Cells reachable from {@code seed} through {@code free} cells, by bit-parallel flooding. */
        private long flood(long seed, long free) {
            long region = seed;
            while (true) {
                long grown = (region | (region << 1) & notFirstCol | (region >>> 1) & notLastCol
                        | region << cols | region >>> cols) & free;
                if (grown == region) {
                    return region;
                }
                region = grown;
            }
        }
    }
}
