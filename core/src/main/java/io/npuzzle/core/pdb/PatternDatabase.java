package io.npuzzle.core.pdb;

import io.npuzzle.core.board.Shape;

/**
 * For every placement of a pattern's tiles, the fewest moves of those tiles that bring them home, moves of
 * all other tiles being free. Databases over disjoint patterns therefore add up to an admissible estimate.
 * Immutable once built; safe to share between threads.
 */
public final class PatternDatabase {

    /** Largest positional table: 16^6 entries, a six-tile pattern on 4x4. */
    public static final int MAX_POSITIONAL_ENTRIES = 1 << 24;

    private final Pattern pattern;
    private final byte[] distances;
    private volatile byte[] excess;

    public PatternDatabase(Pattern pattern, byte[] distances) {
        if (distances.length != pattern.entries()) {
            throw new IllegalArgumentException("expected " + pattern.entries() + " entries, got " + distances.length);
        }
        this.pattern = pattern;
        this.distances = distances;
    }

    public Pattern pattern() {
        return pattern;
    }

    /** Distance of the placement with the given rank (see {@link Pattern#rank}). */
    public int distance(int rank) {
        return distances[rank];
    }

    /** The ranked table, as stored; callers must not modify it. */
    public byte[] table() {
        return distances;
    }

    /**
     * The same distances in the form searches read, indexed by the cells themselves: the placement with
     * tile i on cell c_i sits at index sum of c_i * n^(k-1-i), so a search moving one tile updates the index
     * by adding a constant instead of ranking again. Each entry holds half the distance's excess over the
     * tiles' taxicab distances to their goal cells (always even, and small), four bits per entry, two entries
     * to a byte (the even index in the low half): the table is a third of the size a byte per entry would
     * take, which keeps it in cache. Made on first use; callers must not modify it.
     */
    public byte[] excessTable() {
        byte[] table = excess;
        if (table == null) {
            synchronized (this) {
                table = excess;
                if (table == null) {
                    table = excess = expand();
                }
            }
        }
        return table;
    }

    /** Half the excess at a positional index of {@link #excessTable()}. */
    public static int excessAt(byte[] table, int index) {
        return table[index >> 1] >> ((index & 1) << 2) & 15;
    }

    private byte[] expand() {
        int n = pattern.shape().size();
        int k = pattern.tileCount();
        long size = 1;
        for (int i = 0; i < k; i++) {
            size *= n;
        }
        if (size > MAX_POSITIONAL_ENTRIES) {
            throw new IllegalStateException("pattern " + pattern.key() + " is too large for a positional table");
        }
        byte[] table = new byte[(int) (size + 1) / 2];
        copyPlacements(table, pattern.cells(), 0, 0, 0, 0, new int[] {0});
        return table;
    }

    /**
     * Visits placements in lexicographic order of their cells, which is exactly increasing rank, so the
     * ranked table is read front to back without unranking anything.
     */
    private void copyPlacements(byte[] table, int[] goals, int tile, int used, int index, int manhattan,
                                int[] nextRank) {
        if (tile == goals.length) {
            int excess = distances[nextRank[0]++] - manhattan;
            if (excess < 0 || excess > 30 || (excess & 1) != 0) {
                throw new IllegalStateException("pattern " + pattern.key() + " has an entry of excess " + excess);
            }
            table[index >> 1] |= (byte) ((excess >> 1) << ((index & 1) << 2));
            return;
        }
        Shape shape = pattern.shape();
        for (int cell = 0; cell < shape.size(); cell++) {
            if ((used & (1 << cell)) == 0) {
                copyPlacements(table, goals, tile + 1, used | 1 << cell, index * shape.size() + cell,
                        manhattan + shape.distance(cell, goals[tile]), nextRank);
            }
        }
    }
}
