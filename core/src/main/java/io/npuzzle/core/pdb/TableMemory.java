package io.npuzzle.core.pdb;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Heap that the databases' tables may take together, ranked and positional alike: three eighths of the heap. Half
 * of it is the searches' ({@code SearchMemory}), and the last eighth is the process's own and its garbage, so
 * that no mix of stored databases and searches can exhaust the heap: a ranked table that does not fit is not
 * loaded (its goal is answered without databases), a positional one is not laid out (its database is read ranked).
 * A positional table replaces the ranked one it is laid out from ({@link PatternDatabase#positionalTable()}), so it
 * takes that table's room and the difference. Positional tables take at most three quarters of the room, so that
 * ranked tables, without which a goal has no estimate, always have the rest. Room is granted in the order it is
 * asked for, so a process that loads the same databases in the same order gets the same ones; tables stay for the
 * life of the process.
 */
public final class TableMemory {

    /** The ledger of this process's tables. */
    public static final TableMemory PROCESS = new TableMemory(Runtime.getRuntime().maxMemory() / 8 * 3);

    private final long limit;
    private final long positionalLimit;
    private final AtomicLong reserved = new AtomicLong();
    /** Bytes taken for positional tables; guarded by this. */
    private long positional;

    /** @param limit bytes the tables may take in all, three quarters of which positional ones may */
    public TableMemory(long limit) {
        this.limit = limit;
        this.positionalLimit = limit / 4 * 3;
    }

    /** Takes {@code bytes} for a ranked table and returns true, or returns false and takes nothing. */
    boolean reserve(long bytes) {
        long before;
        do {
            before = reserved.get();
            if (before + bytes > limit) {
                return false;
            }
        } while (!reserved.compareAndSet(before, before + bytes));
        return true;
    }

    /**
     * Takes room for a positional table of {@code bytes} that replaces a ranked table whose {@code rankedBytes} this
     * ledger already granted (0 when none), and returns true; or returns false and takes nothing.
     */
    synchronized boolean reservePositional(long bytes, long rankedBytes) {
        if (positional + bytes > positionalLimit || !reserve(bytes - rankedBytes)) {
            return false;
        }
        positional += bytes;
        return true;
    }

    /** Gives back room taken for a ranked table that was not kept after all. */
    void release(long bytes) {
        reserved.addAndGet(-bytes);
    }

    /** Bytes the tables may take in all. */
    public long limit() {
        return limit;
    }

    /** Bytes not taken yet. */
    public long left() {
        return limit - reserved.get();
    }
}
