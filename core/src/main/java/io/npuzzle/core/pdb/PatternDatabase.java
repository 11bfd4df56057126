package io.npuzzle.core.pdb;

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
    private volatile byte[] positional;

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
     * The same distances indexed by the cells themselves: the placement with tile i on cell c_i sits at
     * sum of c_i * n^(k-1-i). A search moving one tile then updates the index by adding a constant instead
     * of ranking again, at the price of a sparser table. Made on first use; callers must not modify it.
     */
    public byte[] positionalTable() {
        byte[] table = positional;
        if (table == null) {
            synchronized (this) {
                table = positional;
                if (table == null) {
                    table = positional = expand();
                }
            }
        }
        return table;
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
        byte[] table = new byte[(int) size];
        copyPlacements(table, n, k, 0, 0, new int[] {0});
        return table;
    }

    /**
     * Visits placements in lexicographic order of their cells, which is exactly increasing rank, so the
     * ranked table is read front to back without unranking anything.
     */
    private void copyPlacements(byte[] table, int n, int tilesLeft, int used, int index, int[] nextRank) {
        if (tilesLeft == 0) {
            table[index] = distances[nextRank[0]++];
            return;
        }
        for (int cell = 0; cell < n; cell++) {
            if ((used & (1 << cell)) == 0) {
                copyPlacements(table, n, tilesLeft - 1, used | 1 << cell, index * n + cell, nextRank);
            }
        }
    }
}
