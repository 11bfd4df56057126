package io.npuzzle.core.fast;

import java.util.Arrays;

/**
 * The hashes of boards met lately, in a direct-mapped table: a board whose slot holds its hash was met, and a new
 * one takes the slot of whatever was there. A beam meets again mostly the boards of its last few layers (moves
 * played in another order), which a table of {@link #SLOTS} remembers; forgetting older ones costs a duplicate
 * now and then, and spares the exact set's growth and misses, so that beams are faster and so wider in the same
 * time ({@code bench/fast 7}).
 */
final class RecentBoards {

    /** Slots: a power of two, 2 MB of hashes, about 70 layers of a 7x7 beam. */
    static final int SLOTS = 1 << 18;

    private final long[] hashes = new long[SLOTS];

    /** Forgets every board. */
    void clear() {
        Arrays.fill(hashes, 0);
    }

    /** Remembers the board of {@code hash}; false when it is remembered already. */
    boolean add(long hash) {
        int slot = (int) (hash ^ (hash >>> 32)) & (SLOTS - 1);
        if (hashes[slot] == hash) {
            return false;
        }
        hashes[slot] = hash;
        return true;
    }
}
