package io.npuzzle.core.pdb;

import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.board.Shape;
import io.npuzzle.core.rank.PermutationRank;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PatternDatabaseTest {

    /** Each placement's entry, at the index its cells give, is half its distance beyond the taxicab distance. */
    @Test
    void thePositionalTableHoldsEveryRankedEntryAtItsCells() {
        Shape shape = Shape.of(4, 4);
        Pattern pattern = new Pattern(shape, 0b0100_0000_0010_0001);
        PatternDatabase database = new PatternDatabaseBuilder(1).build(pattern);
        byte[] excess = database.positionalTable();
        assertEquals(16 * 16 * 16 / 2, excess.length);
        int[] goals = pattern.cells();
        int[] cells = new int[3];
        int largest = 0;
        for (int rank = 0; rank < pattern.entries(); rank++) {
            pattern.unrank(rank, cells);
            int manhattan = 0;
            for (int i = 0; i < 3; i++) {
                manhattan += shape.distance(cells[i], goals[i]);
            }
            int entry = PatternDatabase.entryAt(excess, (cells[0] * 16 + cells[1]) * 16 + cells[2]);
            assertEquals(database.entry(rank), entry);
            assertEquals(database.distance(rank), manhattan + 2 * entry);
            largest = Math.max(largest, entry);
        }
        assertTrue(largest > 0, "some placements need more than their taxicab distance");
    }

    @Test
    void aTableAskedForWithoutWaitingIsLaidOutOnceInTheBackground() {
        PatternDatabase database = new PatternDatabaseBuilder(1).build(new Pattern(Shape.of(4, 4), 0b0100_0000_0010_0001));

        assertNull(database.positionalTableWithoutWaiting(), "not laid out yet: the caller reads the ranked table");
        byte[] laidOut = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            byte[] table;
            while ((table = database.positionalTableWithoutWaiting()) == null) {
                Thread.onSpinWait();
            }
            return table;
        });
        assertSame(laidOut, database.positionalTable(), "the background layout is the table itself, made once");
    }

    /**
     * An estimate assembled without waiting reads the databases ranked while their positional tables are laid out,
     * and estimates exactly what the positional one does.
     */
    @Test
    void anEstimateThatDoesNotWaitForTheLayoutEstimatesTheSame() {
        Shape shape = Shape.of(3, 3);
        int goalBlank = 8;
        long cells = 0b0_0010_0110;
        List<long[]> partition = List.<long[]>of(new long[] {cells, (1 << 8) - 1 & ~cells});
        Map<Pattern, PatternDatabase> built = new HashMap<>();
        PatternDatabaseBuilder builder = new PatternDatabaseBuilder(1);
        // Held, the layout thread leaves these tiny tables ranked while the first estimate is assembled.
        try (LayoutHold hold = LayoutHold.start()) {
            PdbHeuristic meanwhile = PdbHeuristic.assemble(shape, goalBlank, partition,
                    pattern -> built.computeIfAbsent(pattern, builder::build), LayoutWait.IN_BACKGROUND);
            PdbHeuristic positional = PdbHeuristic.assemble(shape, goalBlank, partition, built::get, LayoutWait.AWAIT);

            assertTrue(meanwhile.awaitsLayout());
            assertFalse(positional.awaitsLayout());
            Random random = new Random(7);
            byte[] state = new byte[9];
            for (int i = 0; i < 1000; i++) {
                PermutationRank.unrank(random.nextInt(362_880), 9, state);
                assertEquals(positional.estimate(state), meanwhile.estimate(state));
            }
            assertEquals(0, meanwhile.estimate(goal(shape, goalBlank)));
        }
    }

    private static byte[] goal(Shape shape, int goalBlank) {
        byte[] goal = new byte[shape.size()];
        for (int cell = 0; cell < goal.length; cell++) {
            goal[cell] = (byte) Puzzle.canonicalLabel(cell, goalBlank);
        }
        return goal;
    }

    /** An unbuilt database of the pattern's size: enough to ask which tables it may have. */
    private static PatternDatabase empty(Shape shape, long cellMask) {
        Pattern pattern = new Pattern(shape, cellMask);
        return new PatternDatabase(pattern, new byte[PatternDatabase.bytesFor(pattern.entries())]);
    }

    private static boolean positionalFor(Shape shape, long cellMask) {
        return PatternDatabase.hasPositionalTable(new Pattern(shape, cellMask));
    }

    @Test
    void sixTilePatternsUpTo5x5AndSevenOn4x5HavePositionalTablesAndSparserOnesDoNot() {
        assertTrue(positionalFor(Shape.of(4, 4), 0b11_1111), "6 of 16 cells: always");
        assertTrue(positionalFor(Shape.of(4, 5), 0b11_1111), "6 of 20: 2.3 entries per placement");
        assertTrue(positionalFor(Shape.of(5, 5), 0b11_1111), "6 of 25: 1.9 entries per placement");
        assertTrue(positionalFor(Shape.of(4, 5), 0b111_1111), "7 of 20: 3.3 entries per placement");
        assertFalse(positionalFor(Shape.of(3, 5), 0b111_1111), "7 of 15: 5 entries per placement");
        assertFalse(positionalFor(Shape.of(4, 4), 0b111_1111), "7 of 16: 4.7 entries per placement");
    }

    @Test
    void theLargestSevenTileIndexOn4x5AndItsLargestMoveStayWithinAnInt() {
        int[] members = {1, 2, 3, 4, 5, 6, 7};
        int[] cellMap = new int[20];
        int[] positionOf = new int[20];
        long expected = 0;
        for (int i = 0; i < members.length; i++) {
            positionOf[members[i]] = 19 - i;
            expected = expected * 20 + 19 - i;
        }
        for (int cell = 0; cell < 20; cell++) {
            cellMap[cell] = cell;
        }
        GroupLookup lookup = new GroupLookup(0, null, null, true, members, cellMap);

        assertEquals(expected, lookup.indexOf(positionOf), "the last placement's positional index");
        assertTrue(expected < 1_280_000_000L, "within the table");
        assertEquals(19L * 64_000_000, 19 * lookup.weightOf(1), "the first tile crossing the board changes the index");
    }

    @Test
    void smallPositionalTablesAreAlwaysReadSoAndSparseOnesNever() {
        assertTrue(empty(Shape.of(4, 4), 0b11_1111).readsPositionally());
        assertFalse(empty(Shape.of(3, 5), 0b111_1111).readsPositionally());
    }

    @Test
    void tableMemoryGrantsTablesWhileTheyFitAndTakesNothingForOneThatDoesNot() {
        TableMemory tables = new TableMemory(100);

        assertTrue(tables.reserve(60));
        assertFalse(tables.reserve(60), "60 more would make 120");
        assertTrue(tables.reserve(40), "the refused 60 took nothing");
        assertFalse(tables.reserve(1));
        tables.release(40);
        assertEquals(40, tables.left(), "released room is granted again");
    }

    @Test
    void positionalTablesLeaveAQuarterOfTheRoomToRankedOnes() {
        TableMemory tables = new TableMemory(100);

        assertTrue(tables.reservePositional(60, 0));
        assertFalse(tables.reservePositional(20, 0), "positional tables take at most 75");
        assertTrue(tables.reserve(40), "the refused 20 took nothing");
        assertFalse(tables.reserve(1));
    }

    @Test
    void aPositionalTableTakesOverTheRoomOfTheRankedTableItReplaces() {
        TableMemory tables = new TableMemory(100);
        assertTrue(tables.reserve(30), "a ranked table");

        assertTrue(tables.reservePositional(70, 30), "its positional table takes the 30 and 40 more");
        assertEquals(30, tables.left());
    }

    @Test
    void theRankedTableIsLetGoOnceLaidOutAndItsEntriesStayReadable() {
        Pattern pattern = new Pattern(Shape.of(4, 4), 0b0100_0000_0010_0001);
        PatternDatabase database = new PatternDatabaseBuilder(1).build(pattern);
        byte[] ranked = database.packed().clone();
        int[] entries = new int[(int) pattern.entries()];
        for (int rank = 0; rank < entries.length; rank++) {
            entries[rank] = database.entry(rank);
        }

        database.positionalTable();

        assertNull(database.rankedTable(), "the positional table replaced it");
        assertArrayEquals(ranked, database.packed(), "the stored form, made again from the positional table");
        for (int rank = 0; rank < entries.length; rank++) {
            assertEquals(entries[rank], database.entry(rank));
        }
        GroupLookup lookup = GroupLookup.of(0, database, new int[] {1, 2, 3}, identity(16), LayoutWait.IN_BACKGROUND);
        assertTrue(lookup.positional(), "lookups made after the layout read the positional table");
    }

    private static int[] identity(int cells) {
        int[] map = new int[cells];
        for (int cell = 0; cell < cells; cell++) {
            map[cell] = cell;
        }
        return map;
    }

    @Test
    void rejectsATableOfTheWrongSize() {
        Pattern pattern = new Pattern(Shape.of(3, 3), 0b11);
        assertThrows(IllegalArgumentException.class, () -> new PatternDatabase(pattern, new byte[7]));
    }
}
