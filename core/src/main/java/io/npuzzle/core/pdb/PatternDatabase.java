package io.npuzzle.core.pdb;

import io.npuzzle.core.board.Shape;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.IntStream;

/**
 * For every placement of a pattern's tiles, the fewest moves of those tiles that bring them home, moves of
 * all other tiles being free. Databases over disjoint patterns therefore add up to an admissible estimate.
 *
 * <p>An entry holds half the distance's excess over the tiles' taxicab distances to their goal cells (always
 * even, since every move changes both by one), in four bits, two entries to a byte (the even rank in the low
 * half): a distance is the taxicab sum plus twice the entry. An excess beyond {@link #MAX_ENTRY} is stored as
 * that maximum, which only lowers the estimate. Once its positional table is laid out, that table holds the entries
 * and the ranked one is let go. Its entries never change once built; safe to share between threads.
 */
public final class PatternDatabase {

    /** Positional tables always made: up to 16^6 entries (a six-tile pattern on 4x4, 8 MB). */
    static final long SMALL_POSITIONAL_ENTRIES = 1L << 24;
    /**
     * Largest positional table: 20^7 entries, a seven-tile pattern on 4x5 (640 MB; the large 4x5 set's, which reads
     * markedly faster through it than ranked: {@code bench/shapes --databases 7-8}). Indices stay within an int.
     */
    static final long MAX_POSITIONAL_ENTRIES = 1_280_000_000L;
    /**
     * Positional entries per ranked one beyond which a large table is not made: six tiles on 20 or 25 cells take
     * 2.3 or 1.9 times the ranked table, seven on 20 cells 3.3 times, seven on 14 or 15 cells 6 or 5 times, for
     * searches short anyway.
     */
    private static final long MAX_POSITIONAL_SPREAD = 4;
    /** Largest stored half excess; 15 marks a placement not yet reached while building. */
    public static final int MAX_ENTRY = 14;
    /**
     * Lays out the positional tables asked for without waiting, one at a time: each uses every core. Tests in this
     * package hold it to see a layout still pending.
     */
    static final ExecutorService LAYOUTS = Executors.newSingleThreadExecutor(task -> {
        Thread thread = new Thread(task, "npuzzle-layout");
        thread.setDaemon(true);
        return thread;
    });

    private final Pattern pattern;
    /** The entries in rank order until the positional table replaces them; then null. */
    private volatile byte[] ranked;
    private volatile byte[] positional;
    /** Whether {@link #readsPositionally()} took this table's room from {@link #tables} (or needs none). */
    private boolean positionalReserved;
    /** Where a large positional table takes its room: the ledger of the databases that loaded this one. */
    private volatile TableMemory tables = TableMemory.PROCESS;
    /** Bytes of {@link #tables} granted to the ranked table, which its positional table takes over. */
    private volatile long rankedRoom;
    private final AtomicBoolean layoutAsked = new AtomicBoolean();
    /** Held while the positional table is laid out: not this object, whose budget question must not wait for it. */
    private final Object layoutLock = new Object();

    /** @param packed the entries in rank order (see {@link Pattern#rank}), four bits each */
    public PatternDatabase(Pattern pattern, byte[] packed) {
        if (packed.length != bytesFor(pattern.entries())) {
            throw new IllegalArgumentException("expected " + bytesFor(pattern.entries()) + " bytes, got " + packed.length);
        }
        this.pattern = pattern;
        this.ranked = packed;
    }

    /** Bytes that hold {@code entries} four-bit entries. */
    public static int bytesFor(long entries) {
        return (int) ((entries + 1) / 2);
    }

    public Pattern pattern() {
        return pattern;
    }

    /**
     * The packed entries in rank order, as stored; callers must not modify them. Once the positional table has
     * replaced them, a new copy is made from it on each call (for saving, not for searches).
     */
    public byte[] packed() {
        byte[] table = ranked;
        return table != null ? table : copied(positional, new byte[bytesFor(pattern.entries())], false);
    }

    /** The ranked table while it is kept, else null: its positional table has replaced it. */
    byte[] rankedTable() {
        return ranked;
    }

    /** Bytes the entries take in rank order. */
    public long rankedBytes() {
        return bytesFor(pattern.entries());
    }

    /** The entry of the placement with the given rank. */
    public int entry(int rank) {
        byte[] table = ranked;
        if (table != null) {
            return entryAt(table, rank);
        }
        int[] cells = new int[pattern.tileCount()];
        pattern.unrank(rank, cells);
        int index = 0;
        for (int cell : cells) {
            index = index * pattern.shape().size() + cell;
        }
        return entryAt(positional, index);
    }

    /** Distance of the placement with the given rank (slow: unranks it; for checks, not for searches). */
    public int distance(int rank) {
        int[] cells = new int[pattern.tileCount()];
        pattern.unrank(rank, cells);
        int[] goals = pattern.cells();
        Shape shape = pattern.shape();
        int manhattan = 0;
        for (int i = 0; i < cells.length; i++) {
            manhattan += shape.distance(cells[i], goals[i]);
        }
        return manhattan + 2 * entry(rank);
    }

    /** The four-bit entry at an index of a packed table. */
    public static int entryAt(byte[] table, int index) {
        return table[index >> 1] >> ((index & 1) << 2) & 15;
    }

    /**
     * True when a pattern's positional table ({@link #positionalTable()}) is small enough to be made: always up to
     * {@link #SMALL_POSITIONAL_ENTRIES}, and up to {@link #MAX_POSITIONAL_ENTRIES} where it is not much sparser
     * than the ranked one.
     */
    public static boolean hasPositionalTable(Pattern pattern) {
        long entries = positionalEntries(pattern);
        return entries <= SMALL_POSITIONAL_ENTRIES
                || entries <= MAX_POSITIONAL_ENTRIES && entries <= MAX_POSITIONAL_SPREAD * pattern.entries();
    }

    /**
     * Whether searches should read this database through its positional table: one exists ({@link
     * #hasPositionalTable(Pattern)}) and is small, or fits in what is left of the {@link TableMemory} its tables
     * share, reserved here once. Ranking afresh per move costs about half the node rate of a 4x5 or 5x5 search
     * ({@code bench/shapes}); where the room is taken, searches rank.
     */
    public synchronized boolean readsPositionally() {
        if (!hasPositionalTable(pattern)) {
            return false;
        }
        if (!positionalReserved) {
            positionalReserved = positionalEntries(pattern) <= SMALL_POSITIONAL_ENTRIES
                    || tables.reservePositional(bytesFor(positionalEntries(pattern)), rankedRoom);
        }
        return positionalReserved;
    }

    /** Makes {@code ledger}, where this database's ranked table took its room, grant its positional table too. */
    void takesRoomFrom(TableMemory ledger) {
        tables = ledger;
        rankedRoom = rankedBytes();
    }

    /**
     * The same entries indexed by the cells themselves: the placement with tile i on cell c_i sits at index
     * sum of c_i * n^(k-1-i), so a search moving one tile updates the index by adding a constant instead of
     * ranking again. Only for patterns of {@link #hasPositionalTable(Pattern)}; made on first use, when it
     * replaces the ranked table (searches reading that one meanwhile keep their copy until they end).
     */
    public byte[] positionalTable() {
        byte[] table = positional;
        if (table == null) {
            synchronized (layoutLock) {
                table = positional;
                if (table == null) {
                    table = positional = expand();
                    ranked = null;
                }
            }
        }
        return table;
    }

    /**
     * The positional table if it is laid out; otherwise null, and it is laid out in the background (once), so that
     * a caller in a hurry reads the ranked table meanwhile. Only for tables read positionally
     * ({@link #readsPositionally()}).
     */
    public byte[] positionalTableWithoutWaiting() {
        byte[] table = positional;
        if (table == null && layoutAsked.compareAndSet(false, true)) {
            LAYOUTS.execute(this::positionalTable);
        }
        return table;
    }

    private static long positionalEntries(Pattern pattern) {
        long size = 1;
        for (int i = 0; i < pattern.tileCount(); i++) {
            size *= pattern.shape().size();
        }
        return size;
    }

    /**
     * Copies the ranked entries into a new positional table on every core: one block per cell of the first tile,
     * whose placements follow the blocks of the cells before it in rank order. Blocks of adjacent cells may share a
     * byte at their joint (n^(k-1) entries each, odd for odd n), so even cells are copied first, then odd ones.
     */
    private byte[] expand() {
        if (!hasPositionalTable(pattern)) {
            throw new IllegalStateException("pattern " + pattern.key() + " is too large for a positional table");
        }
        return copied(ranked, new byte[bytesFor(positionalEntries(pattern))], true);
    }

    /**
     * Copies every entry from one layout to the other ({@code toPositional}: ranked to positional, else back), on
     * every core: one block per cell of the first tile, whose placements follow the blocks of the cells before it in
     * rank order. Blocks of adjacent cells may share a byte at their joint, so even cells are copied first, then odd
     * ones.
     */
    private byte[] copied(byte[] from, byte[] to, boolean toPositional) {
        int n = pattern.shape().size();
        int placementsPerCell = (int) Pattern.entries(n - 1, pattern.tileCount() - 1);
        for (int parity : new int[] {0, 1}) {
            IntStream.iterate(parity, cell -> cell < n, cell -> cell + 2).parallel().forEach(cell -> copyPlacements(
                    from, to, toPositional, 1, 1L << cell, cell, new int[] {cell * placementsPerCell}));
        }
        return to;
    }

    /**
     * Visits placements in lexicographic order of their cells, which is exactly increasing rank, so the ranked
     * table is walked front to back without unranking anything.
     */
    private void copyPlacements(byte[] from, byte[] to, boolean toPositional, int tile, long used, int index,
                                int[] nextRank) {
        if (tile == pattern.tileCount()) {
            int rank = nextRank[0]++;
            int source = toPositional ? rank : index;
            int target = toPositional ? index : rank;
            to[target >> 1] |= (byte) (entryAt(from, source) << ((target & 1) << 2));
            return;
        }
        int n = pattern.shape().size();
        for (int cell = 0; cell < n; cell++) {
            if ((used & (1L << cell)) == 0) {
                copyPlacements(from, to, toPositional, tile + 1, used | 1L << cell, index * n + cell, nextRank);
            }
        }
    }
}
