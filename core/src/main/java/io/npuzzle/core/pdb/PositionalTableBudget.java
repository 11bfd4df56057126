package io.npuzzle.core.pdb;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Heap that large positional tables may take together. The process's budget is a quarter of the heap: with the
 * ranked tables beside them, half the heap stays free for the searches, which may hold that much. Tables are
 * granted in the order they are asked for, so a process that loads the same databases in the same order reads
 * the same ones positionally.
 */
final class PositionalTableBudget {

    static final PositionalTableBudget PROCESS = new PositionalTableBudget(Runtime.getRuntime().maxMemory() / 4);

    private final long limit;
    private final AtomicLong reserved = new AtomicLong();

    PositionalTableBudget(long limit) {
        this.limit = limit;
    }

    /** Takes {@code bytes} from the budget and returns true, or returns false and takes nothing when they do not fit. */
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
}
