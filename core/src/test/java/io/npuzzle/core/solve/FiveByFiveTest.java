package io.npuzzle.core.solve;

import io.npuzzle.core.board.Board;
import io.npuzzle.core.board.BoardParser;
import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.board.Shape;
import io.npuzzle.core.model.Algorithm;
import io.npuzzle.core.model.Limit;
import io.npuzzle.core.model.Mode;
import io.npuzzle.core.model.Outcome;
import io.npuzzle.core.model.ProgressListener;
import io.npuzzle.core.model.SearchProgress;
import io.npuzzle.core.model.SolveOptions;
import io.npuzzle.core.model.SolveResult;
import io.npuzzle.core.model.Strategy;
import io.npuzzle.core.pdb.LoadPolicy;
import io.npuzzle.core.pdb.TestDatabases;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The 24-puzzle with Korf and Felner's 6-6-6-6 databases (built into target/pdb on the first run: minutes), on
 * instances of their published set (Korf and Felner, "Disjoint pattern database heuristics", AI 134, 2002).
 */
class FiveByFiveTest {

    private static final Shape SHAPE = Shape.of(5, 5);
    private static final Solver SOLVER = new Solver(TestDatabases.shared(), 2);
    /** Instance 40, 82 moves: one of the four easiest of the fifty. */
    private static final String KORF_40 = "2 17 4 13 7 12 10 3 0 16 21 24 8 5 18 20 15 19 14 9 22 11 6 1 23";
    /** Instance 1, 95 moves: far beyond a test's budget when optimal. */
    private static final String KORF_1 = "14 5 9 2 18 8 23 19 12 17 15 0 10 20 4 6 11 21 1 7 24 3 16 22 13";

    @Test
    void anEasyInstanceIsSolvedToItsPublishedLengthReportingProgress() {
        // Loaded first, so that the answer's time is the search's, which reports progress, and not also the load's.
        TestDatabases.shared().heuristic(SHAPE, 0, LoadPolicy.LOAD);
        List<SearchProgress> reports = new CopyOnWriteArrayList<>();
        SolveResult result = SOLVER.solve(korf(KORF_40), SolveOptions.defaults()
                .withBudget(Long.MAX_VALUE, 600_000).withProgress(reports::add));
        assertEquals(Outcome.SOLVED, result.outcome(), result.toString());
        assertTrue(result.optimal());
        assertEquals(82, result.length());
        assertEquals(Board.blankFirst(SHAPE), korf(KORF_40).start().apply(result.moves()));
        if (result.millis() > 2 * ProgressListener.INTERVAL.toMillis()) {
            assertFalse(reports.isEmpty(), "a search of " + result.millis() + " ms reports its progress");
            SearchProgress last = reports.get(reports.size() - 1);
            assertTrue(last.nodes() > 0 && last.nodes() <= result.expanded(), last.toString());
            assertTrue(last.bound() <= 82 && last.bound() >= reports.get(0).bound(), reports.toString());
        }
    }

    /**
     * Past a budget far too small to prove it, the hardest of the instances here still gets legal moves, with the
     * lower bound IDA* proved and the factor that follows from it.
     */
    @Test
    void aHardInstancePastAFiveSecondBudgetAnswersWithinTheFactorItProved() {
        TestDatabases.shared().heuristic(SHAPE, 0, LoadPolicy.LOAD);
        Puzzle puzzle = korf(KORF_1);
        SolveResult result = SOLVER.solve(puzzle, SolveOptions.defaults().withBudget(Long.MAX_VALUE, 5_000));
        assertEquals(Outcome.SOLVED, result.outcome(), result.toString());
        assertFalse(result.optimal());
        assertEquals(Limit.TIME, result.exceeded());
        assertEquals(Board.blankFirst(SHAPE), puzzle.start().apply(result.moves()));
        int lowerBound = result.lowerBound().orElseThrow();
        assertTrue(lowerBound <= 95, "lower bound " + lowerBound + " above the shortest length");
        assertEquals((double) result.length() / lowerBound, result.bound());
        assertTrue(result.bound() >= result.length() / 95.0, result.toString());
    }

    @Test
    void aBoundedAnswerIsAtMostItsRatioTimesTheShortest() {
        SolveResult result = SOLVER.solve(korf(KORF_1), SolveOptions.defaults().withMode(Mode.BOUNDED).withRatio(2.0)
                .withBudget(Long.MAX_VALUE, 120_000));
        assertEquals(Outcome.SOLVED, result.outcome(), result.toString());
        assertTrue(result.length() <= 2.0 * 95, "length " + result.length());
        assertEquals(Double.valueOf(2.0), result.bound());
        assertEquals(Board.blankFirst(SHAPE), korf(KORF_1).start().apply(result.moves()));
    }

    /** Weighted IDA* answers first with weight 1.6, then lower weights shorten the answer while nodes remain. */
    @Test
    void aFastAnswerIsShortenedByLowerWeightsAndClaimsOnlyItsBound() {
        SolveResult result = SOLVER.solve(korf(KORF_40), SolveOptions.defaults(Mode.FAST));
        assertEquals(Outcome.SOLVED, result.outcome(), result.toString());
        assertFalse(result.optimal());
        assertEquals(Strategy.of(Algorithm.IDA_STAR_PDB), result.strategy());
        assertTrue(result.bound() < 1.6, "bound " + result.bound());
        assertTrue(result.length() <= result.bound() * 82, "length " + result.length() + " within " + result.bound());
        assertEquals(Board.blankFirst(SHAPE), korf(KORF_40).start().apply(result.moves()));
    }

    /** Past its first second, a fast answer on a board its databases cover searches optimally below its length. */
    @Test
    void aFastAnswerGivenTimeToSpareIsProvenShortest() {
        SolveResult result = SOLVER.solve(korf(KORF_40), fast(20_000));
        assertEquals(Outcome.SOLVED, result.outcome(), result.toString());
        assertTrue(result.optimal(), result.toString());
        assertEquals(82, result.length());
        assertEquals(Board.blankFirst(SHAPE), korf(KORF_40).start().apply(result.moves()));
    }

    @Test
    void aFastAnswerGivenMoreTimeIsNoLongerAndProvesMore() {
        SolveResult second = SOLVER.solve(korf(KORF_1), fast(1_000));
        SolveResult longer = SOLVER.solve(korf(KORF_1), fast(10_000));
        assertFalse(longer.optimal(), longer.toString());
        assertTrue(longer.length() <= second.length(), longer.length() + " against " + second.length());
        assertTrue(longer.lowerBound().orElseThrow() > second.lowerBound().orElseThrow(),
                longer.lowerBound() + " against " + second.lowerBound());
        assertEquals(longer.length() / (double) longer.lowerBound().orElseThrow(), longer.bound(), 1e-9);
        assertEquals(Board.blankFirst(SHAPE), korf(KORF_1).start().apply(longer.moves()));
    }

    @Test
    void cancellingALongSearchStopsItWithinASecond() throws Exception {
        AtomicBoolean cancelled = new AtomicBoolean();
        CountDownLatch searching = new CountDownLatch(3); // polled three times: the search is well under way
        CompletableFuture<SolveResult> search = CompletableFuture.supplyAsync(() -> SOLVER.solve(korf(KORF_1),
                SolveOptions.defaults().withBudget(Long.MAX_VALUE, 600_000).withCancellation(() -> {
                    searching.countDown();
                    return cancelled.get();
                })));
        assertTrue(searching.await(10, TimeUnit.MINUTES), "the search started");
        assertFalse(search.isDone(), "the search is long");
        long cancelledAt = System.nanoTime();
        cancelled.set(true);
        SolveResult result = search.get(5, TimeUnit.SECONDS);
        assertEquals(Outcome.CANCELLED, result.outcome());
        assertTrue(System.nanoTime() - cancelledAt < 1_000_000_000L, "stopped within a second");
    }

    private static SolveOptions fast(long millis) {
        SolveOptions fast = SolveOptions.defaults(Mode.FAST);
        return fast.withBudget(fast.maxNodes(), millis);
    }

    private static Puzzle korf(String tiles) {
        return new Puzzle(BoardParser.parse(tiles, SHAPE), Board.blankFirst(SHAPE));
    }
}
