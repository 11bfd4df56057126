package io.npuzzle.core.pdb;

import io.npuzzle.core.board.Shape;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DatabasePreparationTest {

    /** The 15-puzzle's two usual goals: databases of seconds each, none shared between them. */
    private static final List<DatabaseGoal> FIFTEEN_PUZZLE = DatabaseGoal.usual(Shape.of(4, 4), DatabaseSet.STANDARD);
    /** The largest database of the first 15-puzzle goal, built once for the tests that store it ahead. */
    private static PatternDatabase sixTiles;

    @TempDir
    Path store;

    @Test
    void aPlanOfSomeShapesKeepsTheirGoalsInTheWholePlansOrderAndRefusesAShapeWithoutDatabases() {
        List<DatabaseGoal> whole = DatabasePreparation.plan(DatabaseSet.STANDARD);
        List<DatabaseGoal> some = DatabasePreparation.plan(DatabaseSet.STANDARD, Set.of(Shape.of(4, 4), Shape.of(5, 5)));
        assertEquals(whole.stream().filter(goal -> goal.shape().equals(Shape.of(4, 4))
                || goal.shape().equals(Shape.of(5, 5))).toList(), some);
        assertEquals(4, some.size());
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> DatabasePreparation.plan(DatabaseSet.STANDARD, Set.of(Shape.of(3, 3))));
        assertTrue(refused.getMessage().contains("no pattern databases for 3x3"), refused.getMessage());
    }

    @Test
    void twoProcessesSharingAStoreBuildEachDatabaseOnceAndBothSeeThemAllStored() {
        List<DatabaseGoal> plan = List.of(FIFTEEN_PUZZLE.get(0));
        PatternDatabases first = PatternDatabases.in(store, DatabaseSet.STANDARD);
        PatternDatabases second = PatternDatabases.in(store, DatabaseSet.STANDARD);
        BuildLog builds = new BuildLog(store);
        DatabasePreparation one = new DatabasePreparation(first, plan).start();
        DatabasePreparation other = new DatabasePreparation(second, plan).start();
        for (DatabaseGoal goal : plan) {
            assertInstanceOf(DatabaseState.Ready.class, one.await(goal, Duration.ofSeconds(60)));
            assertInstanceOf(DatabaseState.Ready.class, other.await(goal, Duration.ofSeconds(60)));
        }
        long stored;
        try (var files = Files.list(store)) {
            stored = files.filter(file -> file.getFileName().toString().endsWith(".bin")).count();
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
        builds.close();
        assertEquals(stored, builds.count.get(), "each stored database was built once");
        assertTrue(stored > 0);
    }

    @Test
    void aGoalThatASearchWaitsForIsBuiltBeforeThePlansOthersAndReportedAfterThem() {
        PatternDatabases databases = PatternDatabases.in(store, DatabaseSet.STANDARD);
        DatabaseGoal wanted = FIFTEEN_PUZZLE.get(1);
        DatabasePreparation preparation = new DatabasePreparation(databases, List.of(FIFTEEN_PUZZLE.get(0)));
        preparation.want(wanted);
        assertInstanceOf(DatabaseState.Missing.class, preparation.await(wanted, Duration.ofMillis(1)),
                "nothing builds before the preparation starts");
        BuildLog builds = new BuildLog(store);
        preparation.start();
        assertInstanceOf(DatabaseState.Ready.class, preparation.await(wanted, Duration.ofSeconds(60)));
        builds.close();
        assertTrue(PatternDatabases.patternsOf(wanted).stream().anyMatch(pattern -> pattern.key()
                .equals(builds.keys.get(0))), "built first: " + builds.keys);
        assertFalse(Files.exists(store.resolve(DatabasePreparation.WANTED).resolve(WantedGoal.fileName(wanted))),
                "the wish is gone once the goal is stored");
        assertEquals(wanted, WantedGoal.parse(WantedGoal.fileName(wanted)).orElseThrow());
        assertEquals(List.of(FIFTEEN_PUZZLE.get(0), wanted), List.copyOf(preparation.states().keySet()));
        assertInstanceOf(DatabaseState.Ready.class, preparation.states().get(wanted));
    }

    @Test
    void aSearchWaitingWithoutAnyBuilderSeesItsDatabasesMissingWhenItsPatienceRunsOut() {
        PatternDatabases databases = PatternDatabases.in(store, DatabaseSet.STANDARD);
        DatabaseGoal goal = FIFTEEN_PUZZLE.get(0);
        DatabaseState state = new DatabasePreparation(databases, List.of(goal)).await(goal, Duration.ofMillis(300));
        assertInstanceOf(DatabaseState.Missing.class, state);
        assertEquals(0, ((DatabaseState.Missing) state).stored());
    }

    @Test
    void aStoreThatCannotBeWrittenMakesItsGoalUnavailableInsteadOfBuiltAgainAndAgain() throws Exception {
        Path notADirectory = Files.createFile(store.resolve("a-file"));
        PatternDatabases databases = PatternDatabases.in(notADirectory.resolve("pdb"), DatabaseSet.STANDARD);
        DatabaseGoal goal = FIFTEEN_PUZZLE.get(0);
        DatabasePreparation preparation = new DatabasePreparation(databases, List.of(goal)).start();
        assertInstanceOf(DatabaseState.Unavailable.class, preparation.await(goal, Duration.ofSeconds(60)));
    }

    @Test
    void aBuildNoSearchWaitsForGivesWayUntilASearchWaitsForItsDatabasesThenGoesOnAtFullSpeed() throws Exception {
        DatabaseGoal goal = goalLackingOnlyItsSmallDatabases();
        GivingWay busy = new GivingWay();
        DatabasePreparation preparation = new DatabasePreparation(PatternDatabases.in(store, DatabaseSet.STANDARD),
                List.of(goal), busy).start();
        busy.awaitAsked();
        assertInstanceOf(DatabaseState.Building.class, preparation.state(goal), "paused in the middle of the build");
        preparation.want(goal);
        assertInstanceOf(DatabaseState.Ready.class, preparation.await(goal, Duration.ofSeconds(60)));
    }

    @Test
    void aBuildThatGivesWayGoesOnAtFullSpeedWhenASearchInAnotherProcessWaitsForItsDatabases() throws Exception {
        DatabaseGoal goal = goalLackingOnlyItsSmallDatabases();
        GivingWay busy = new GivingWay();
        DatabasePreparation preparation = new DatabasePreparation(PatternDatabases.in(store, DatabaseSet.STANDARD),
                List.of(goal), busy).start();
        busy.awaitAsked();
        new DatabasePreparation(PatternDatabases.in(store, DatabaseSet.STANDARD), List.of()).want(goal);
        assertInstanceOf(DatabaseState.Ready.class, preparation.await(goal, Duration.ofSeconds(60)));
    }

    /** The first 15-puzzle goal, its six-tile database stored: what is left to build takes milliseconds. */
    private DatabaseGoal goalLackingOnlyItsSmallDatabases() throws IOException {
        DatabaseGoal goal = FIFTEEN_PUZZLE.get(0);
        synchronized (DatabasePreparationTest.class) {
            if (sixTiles == null) {
                sixTiles = new PatternDatabaseBuilder(2).build(PatternDatabases.patternsOf(goal).stream()
                        .max(Comparator.comparingInt(Pattern::entries)).orElseThrow());
            }
        }
        new PatternDatabaseStore(store).save(sixTiles);
        return goal;
    }

    @Test
    void aBuildReportsTheShareOfThePlacementsItHasReached() {
        Pattern pattern = PdbHeuristic.canonical(Shape.of(4, 4), 15, 0b111L);
        BuildProgress progress = new BuildProgress(pattern.entries());
        new PatternDatabaseBuilder(1).build(pattern, progress);
        assertEquals(1.0, progress.fraction(), 1e-9);
    }

    /** A pace that always gives way, and says when builds have asked it again and again. */
    private static final class GivingWay implements BuildPace {

        private final CountDownLatch asked = new CountDownLatch(10);

        @Override
        public boolean givesWay() {
            asked.countDown();
            return true;
        }

        void awaitAsked() throws InterruptedException {
            assertTrue(asked.await(60, TimeUnit.SECONDS), "the build asks its pace between chunks");
        }
    }

    /** Counts the builds into this test's store that {@link PatternDatabases} logs, while the test runs. */
    private static final class BuildLog extends Handler implements AutoCloseable {

        final AtomicInteger count = new AtomicInteger();
        final List<String> keys = new CopyOnWriteArrayList<>();
        private final Logger logger = Logger.getLogger(PatternDatabases.class.getName());

        private final Path directory;

        BuildLog(Path directory) {
            this.directory = directory;
            logger.addHandler(this);
        }

        @Override
        public void publish(LogRecord record) {
            if (record.getMessage().startsWith("built pattern database")
                    && String.valueOf(record.getParameters()[3]).equals(directory.toString())) {
                count.incrementAndGet();
                keys.add(String.valueOf(record.getParameters()[0]));
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
            logger.removeHandler(this);
        }
    }
}
