package io.npuzzle.core.pdb;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Heap that the databases' tables may take together, ranked and positional alike: three eighths of the heap. Half
 * of it is the searches' ({@code SearchMemory}), and the last eighth is the process's own and its garbage, so
 * that no mix of stored databases and searches can exhaust the heap: a ranked table that does not fit is not
 * loaded (its goal is answered without databases), a positional one is not laid out (its database is read ranked).
 * Positional tables take at most two thirds of the room, a quarter of the heap, so that ranked tables, without
 * which a goal has no estimate, always have the rest. Room is granted in the order it is asked for, so a process
 * that loads the same databases in the same order gets the same ones; tables stay for the life of the process.
 */
public final class TableMemory {

    /** The ledger of this process's tables. */
    public static final TableMemory PROCESS = new TableMemory(Runtime.getRuntime().maxMemory() / 8 * 3);

    private final long limit;
    private final long positionalLimit;
    private final AtomicLong reserved = new AtomicLong();
    /** Bytes taken for positional tables; guarded by this. */
    private long positional;

    /** @param limit bytes the tables may take in all, two thirds of which positional ones may */
    public TableMemory(long limit) {
        this.limit = limit;
        this.positionalLimit = limit / 3 * 2;
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

    /** Takes {@code bytes} for a positional table and returns true, or returns false and takes nothing. */
    synchronized boolean reservePositional(long bytes) {
        if (positional + bytes > positionalLimit || !reserve(bytes)) {
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
