package io.npuzzle.core.fast;

import java.util.Arrays;

/**
 * The hashes of boards met lately, in a direct-mapped table: a board whose slot holds its hash was met, and a new
 * one takes the slot of whatever was there. A beam meets again mostly the boards of its last few layers (moves
 * played in another order), which a table of about 22 slots per board a layer keeps remembers; forgetting older ones costs a duplicate
 * now and then, and spares the exact set's growth and misses, so that beams are faster and so wider in the same
 * time ({@code bench/fast 7}).
 */
final class RecentBoards {

    /** Slots per board a layer keeps: a 12,000-board 7x7 beam's last 70 layers, in 2 MB. */
    private static final int SLOTS_PER_BOARD = 22;

    private final long[] hashes;

    /** A table for beams whose layers keep up to {@code width} boards; a power of two slots. */
    RecentBoards(int width) {
        hashes = new long[Integer.highestOneBit(Math.max(1, SLOTS_PER_BOARD * width))];
    }

    /** Bytes the table takes at most per board a layer keeps. */
    static long bytesPerBoard() {
        return SLOTS_PER_BOARD * (long) Long.BYTES;
    }

    /** How many boards it can hold at most. */
    int slots() {
        return hashes.length;
    }

    /** Forgets every board. */
    void clear() {
        Arrays.fill(hashes, 0);
    }

    /** Remembers the board of {@code hash}; false when it is remembered already. */
    boolean add(long hash) {
        int slot = (int) (hash ^ (hash >>> 32)) & (hashes.length - 1);
        if (hashes[slot] == hash) {
            return false;
        }
        hashes[slot] = hash;
        return true;
    }
}
