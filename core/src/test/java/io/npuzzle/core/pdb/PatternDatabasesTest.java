package io.npuzzle.core.pdb;

import io.npuzzle.cli.DatabaseSettings;
import io.npuzzle.core.board.Shape;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PatternDatabasesTest {

    private static final Shape FOUR = Shape.of(4, 4);
    private static final Path TEST_STORE = DatabaseSettings.directory();

    /** A deadline for an answer that may wait for stored databases to load, far enough for any load here. */
    private static long inAMinute() {
        return System.nanoTime() + Duration.ofMinutes(1).toNanos();
    }

    /** Where the 7-8 set may not be built, the 6-6-3 set answers every time, and nothing of 7-8 is written. */
    @Test
    void theStandardSetAnswersWhileTheLargeOneCannotBeBuilt() {
        PatternDatabases databases = PatternDatabases.in(TEST_STORE, DatabaseSet.LARGE, 10_000_000);
        Pattern eightTiles = PdbHeuristic.canonical(FOUR, 0, Partitions.views(FOUR, 0, DatabaseSet.LARGE).get(0)[1]);
        boolean storedBefore = new PatternDatabaseStore(TEST_STORE).contains(eightTiles);
        for (int round = 0; round < 3; round++) {
            PdbHeuristic heuristic = databases.heuristic(FOUR, 0, LoadPolicy.LOAD);
            assertNotNull(heuristic);
            if (!storedBefore) {
                assertEquals(4, heuristic.viewCount(), "the 6-6-3 views");
            }
        }
        assertEquals(storedBefore, new PatternDatabaseStore(TEST_STORE).contains(eightTiles));
    }

    /** The large 4x5 set (419 MB) is not loaded in the background into a heap with 512 MB free; with 1 GB free it is. */
    @Test
    void theLargeSetLoadsInTheBackgroundOnlyWhereItTakesAtMostHalfTheFreeHeap() {
        long large4x5 = 2 * PatternDatabase.bytesFor(Pattern.entries(20, 7)) + 2 * PatternDatabase.bytesFor(Pattern.entries(20, 6));
        assertEquals(418_608_000, large4x5);
        assertFalse(HeapRoom.fitsBeside(large4x5, 512L << 20));
        assertTrue(HeapRoom.fitsBeside(large4x5, 1L << 30));
    }

    /**
     * Where one database of the large set can be neither loaded nor built, none of it is built in the background:
     * with builds of up to 60 M entries the 7-8 set's seven-tile half (57.7 M) could be, its eight-tile half cannot.
     */
    @Test
    void noDatabaseOfALargeSetIsBuiltWhereAnotherOfItCannotBe(@TempDir Path store) {
        Shape six = Shape.of(6, 6);
        // stored, to be loaded below
        PatternDatabases.in(store, DatabaseSet.STANDARD).heuristic(six, 35, LoadPolicy.LOAD);
        PatternDatabases databases = PatternDatabases.in(store, DatabaseSet.LARGE, 60_000_000);
        assertEquals(4, databases.heuristic(FOUR, 0, LoadPolicy.LOAD).viewCount(), "the 6-6-3 views answer");
        // One background thread takes the work in order: once these blocks are loaded, what was asked before has run.
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            while (beamGuide(databases, six, 35) == null) {
                Thread.onSpinWait();
            }
        });
        Pattern sevenTiles = PdbHeuristic.canonical(FOUR, 0, Partitions.views(FOUR, 0, DatabaseSet.LARGE).get(0)[0]);
        assertEquals(57_657_600, sevenTiles.entries());
        assertFalse(new PatternDatabaseStore(store).contains(sevenTiles), "the seven-tile half was built for nothing");
    }

    /**
     * Stored databases whose tables do not fit in what the heap keeps for databases are not loaded: the search goes
     * without them, the goal says why, and asking again takes no more room. With room they load.
     */
    @Test
    void storedDatabasesBeyondTheHeapsRoomForTablesAreNotLoaded(@TempDir Path store) {
        Shape six = Shape.of(6, 6);
        DatabaseGoal goal = new DatabaseGoal(six, 35, DatabaseSet.STANDARD);
        PatternDatabases.in(store, DatabaseSet.STANDARD).store(goal);
        TableMemory tables = new TableMemory(1 << 20);
        PatternDatabases databases = new PatternDatabases(new PatternDatabaseStore(store),
                new PatternDatabaseBuilder(1), DatabaseSet.STANDARD, Long.MAX_VALUE, tables);

        assertNull(databases.heuristic(six, 35, LoadPolicy.LOAD));
        long left = tables.left();
        assertNull(databases.heuristic(six, 35, LoadPolicy.LOAD));
        assertNull(databases.heuristicBefore(six, 35, inAMinute()));
        assertEquals(left, tables.left(), "nothing more taken");
        DatabaseState state = databases.state(goal);
        assertTrue(state instanceof DatabaseState.Unavailable unavailable
                && unavailable.reason().contains("this heap keeps for databases"), state.toString());

        assertNotNull(new PatternDatabases(new PatternDatabaseStore(store), new PatternDatabaseBuilder(1),
                DatabaseSet.STANDARD, Long.MAX_VALUE, new TableMemory(64 << 20)).heuristic(six, 35, LoadPolicy.LOAD));
    }

    @Test
    void eachBuildIsHeardAsItStartsAndAsItEndsAndAStoredDatabaseIsNotBuiltAgain(@TempDir Path empty) {
        List<String> heard = new CopyOnWriteArrayList<>();
        BuildListener listener = new BuildListener() {
            @Override
            public void started(Pattern pattern) {
                heard.add("started " + pattern.key());
            }

            @Override
            public void ended(Pattern pattern, Duration took, boolean built) {
                heard.add((built && !took.isNegative() ? "built " : "failed ") + pattern.key());
            }
        };
        DatabaseGoal goal = new DatabaseGoal(Shape.of(3, 4), 11, DatabaseSet.STANDARD);
        PatternDatabases databases = PatternDatabases.in(empty, DatabaseSet.STANDARD, Long.MAX_VALUE, listener);

        databases.store(goal);
        databases.store(goal);

        List<String> expected = new ArrayList<>();
        for (Pattern pattern : PatternDatabases.patternsOf(goal)) {
            expected.add("started " + pattern.key());
            expected.add("built " + pattern.key());
        }
        assertEquals(expected, heard);
    }

    /** A database over the limit is not built: no estimate, and the caller searches without one. */
    @Test
    void noDatabaseIsBuiltPastTheEntryLimit(@TempDir Path empty) {
        PatternDatabases databases = PatternDatabases.in(empty, DatabaseSet.STANDARD, 10_000_000);
        assertNull(databases.heuristic(Shape.of(3, 5), 14, LoadPolicy.LOAD),
                "3x5 needs 7-tile databases of 32 M entries");
        assertEquals(0, empty.toFile().list().length, "nothing written");
    }

    /** A fast answer never waits for a build: only stored databases are used. */
    @Test
    void onlyStoredDatabasesServeWithoutABuild(@TempDir Path empty) {
        assertNotNull(PatternDatabases.in(TEST_STORE, DatabaseSet.STANDARD).heuristicBefore(FOUR, 0,
                inAMinute()), "the 4x4 set is stored for the tests");
        PatternDatabases nothingStored = PatternDatabases.in(empty, DatabaseSet.STANDARD);
        assertNull(nothingStored.heuristicBefore(Shape.of(2, 6), 11, inAMinute()));
        assertEquals(0, empty.toFile().list().length, "nothing built");
    }

    /**
     * A fast answer for a region of a larger board waits for no load: stored databases not in memory give no
     * estimate, start loading in the background, and serve once loaded; what is not stored is never built.
     */
    @Test
    void anEstimateInMemoryComesOnlyOnceItsStoredDatabasesHaveLoadedInTheBackground(@TempDir Path empty) {
        PatternDatabases databases = PatternDatabases.in(TEST_STORE, DatabaseSet.STANDARD);

        assertNull(databases.heuristic(FOUR, 0, LoadPolicy.IN_MEMORY), "nothing is in memory yet");
        PdbHeuristic loaded = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            PdbHeuristic heuristic;
            while ((heuristic = databases.heuristic(FOUR, 0, LoadPolicy.IN_MEMORY)) == null) {
                Thread.onSpinWait();
            }
            return heuristic;
        });
        assertEquals(databases.heuristic(FOUR, 0, LoadPolicy.LOAD).viewCount(), loaded.viewCount());
        PatternDatabases nothingStored = PatternDatabases.in(empty, DatabaseSet.STANDARD);
        assertNull(nothingStored.heuristic(Shape.of(2, 6), 11, LoadPolicy.IN_MEMORY));
        assertEquals(0, empty.toFile().list().length, "nothing built");
    }

    /**
     * A fast answer does not wait for positional tables either: the first estimate reads the freshly loaded
     * databases ranked and is not kept; once the background layout is done, the positional estimate is kept.
     */
    @Test
    void aQuickEstimateReadsRankedUntilTheLayoutIsDoneAndOnlyThenIsKept() {
        PatternDatabases databases = PatternDatabases.in(TEST_STORE, DatabaseSet.STANDARD);

        PdbHeuristic first;
        try (LayoutHold hold = LayoutHold.start()) {
            first = databases.heuristicBefore(FOUR, 0, inAMinute());
        }
        assertTrue(first.awaitsLayout(), "freshly loaded databases are not laid out yet");
        PdbHeuristic laidOut = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            PdbHeuristic heuristic;
            while ((heuristic = databases.heuristicBefore(FOUR, 0, inAMinute())).awaitsLayout()) {
                Thread.onSpinWait();
            }
            return heuristic;
        });
        assertFalse(laidOut.awaitsLayout());
        assertSame(laidOut, databases.heuristicBefore(FOUR, 0, inAMinute()), "kept once laid out");
        assertSame(laidOut, databases.heuristic(FOUR, 0, LoadPolicy.LOAD), "and served to optimal searches");
    }

    /**
     * The blocks that guide beams come like any estimate for a region: never built for a fast answer, loaded in
     * the background once stored (here by the command line's path), and a process that warms up starts loading
     * those of the usual goals at once; a blank off the corners has none.
     */
    @Test
    void theBlocksOfABeamRegionServeOnceStoredAndLoadedAndAreNeverBuiltForAnAnswer(@TempDir Path store) {
        Shape six = Shape.of(6, 6);
        PatternDatabases answering = PatternDatabases.in(store, DatabaseSet.STANDARD);
        assertNull(beamGuide(answering, six, 35));
        assertEquals(0, store.toFile().list().length, "nothing built");

        // as npuzzle databases 6x6 does
        PatternDatabases.in(store, DatabaseSet.STANDARD).heuristic(six, 35, LoadPolicy.LOAD);
        PatternDatabases warm = PatternDatabases.in(store, DatabaseSet.STANDARD);
        warm.warmUp();
        PdbHeuristic blocks = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            PdbHeuristic heuristic;
            while ((heuristic = beamGuide(warm, six, 35)) == null || heuristic.awaitsLayout()) {
                Thread.onSpinWait();
            }
            return heuristic;
        });
        assertEquals(1, blocks.viewCount());
        assertEquals(9, blocks.groupCount(0), "nine 2x2 blocks, the blank's with three tiles");
        assertNull(beamGuide(warm, six, 7));
    }

    /** The databases that guide beams on a region, as fast answers ask for them: only once in memory. */
    private static PdbHeuristic beamGuide(PatternDatabases databases, Shape shape, int goalBlank) {
        return PatternDatabases.guidesBeams(shape, goalBlank)
                ? databases.heuristic(shape, goalBlank, LoadPolicy.IN_MEMORY) : null;
    }
}
