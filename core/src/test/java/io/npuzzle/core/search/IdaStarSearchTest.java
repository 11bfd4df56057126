package io.npuzzle.core.search;

import io.npuzzle.core.board.Board;
import io.npuzzle.core.board.BoardParser;
import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.board.RandomBoards;
import io.npuzzle.core.board.Shape;
import io.npuzzle.core.model.Algorithm;
import io.npuzzle.core.model.Mode;
import io.npuzzle.core.model.Outcome;
import io.npuzzle.core.model.ProgressListener;
import io.npuzzle.core.model.SolveOptions;
import io.npuzzle.core.model.SolveResult;
import io.npuzzle.core.model.Strategy;
import io.npuzzle.core.pdb.DatabaseSet;
import io.npuzzle.core.pdb.LayoutWait;
import io.npuzzle.core.pdb.LoadPolicy;
import io.npuzzle.core.pdb.Partitions;
import io.npuzzle.core.pdb.Pattern;
import io.npuzzle.core.pdb.PatternDatabase;
import io.npuzzle.core.pdb.PatternDatabaseBuilder;
import io.npuzzle.core.pdb.PdbHeuristic;
import io.npuzzle.core.pdb.TestDatabases;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class IdaStarSearchTest {

    private static final Shape SHAPE = Shape.of(4, 4);
    private static final ExecutorService POOL = Executors.newFixedThreadPool(2);
    /** Korf's instances 1 (57 moves) and 88 (65 moves, one of the harder ones). */
    private static final String KORF_1 = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3";
    private static final String KORF_88 = "15 2 12 11 14 13 9 5 1 3 8 7 0 10 6 4";

    @AfterAll
    static void stopPool() {
        POOL.shutdownNow();
    }

    static Stream<Arguments> goals() {
        Random random = new Random(7);
        return Stream.of(
                Arguments.of("blank first", Board.blankFirst(SHAPE)),
                Arguments.of("blank last", Board.solved(SHAPE)),
                Arguments.of("blank on the diagonal inside", goalWithBlankAt(5, random)),
                Arguments.of("blank off the diagonal", goalWithBlankAt(6, random)));
    }

    /** Random scrambles of 20 to 40 moves: IDA* with the databases finds exactly A*'s optimal length. */
    @ParameterizedTest(name = "goal {0}")
    @MethodSource("goals")
    void matchesAStarOnScrambles(String name, Board goal) {
        Random random = new Random(name.hashCode());
        IdaStarSearch search = search(goal.blankIndex(), 2);
        for (int trial = 0; trial < 6; trial++) {
            Puzzle puzzle = RandomBoards.scrambled(goal, 20 + random.nextInt(21), random);
            SolveResult ida = solve(search, puzzle, SolveOptions.defaults());
            long now = System.nanoTime();
            SolveResult aStar = new AStarSearch(SHAPE, goal.blankIndex())
                    .solve(puzzle.relabelledStart(), new Budget(SolveOptions.defaults(), now), now);
            assertEquals(Outcome.SOLVED, ida.outcome());
            assertTrue(ida.optimal());
            assertEquals(aStar.length(), ida.length(), puzzle.start().toString());
            assertEquals(goal, puzzle.start().apply(ida.moves()));
        }
    }

    @Test
    void solvesKorfInstancesToTheirPublishedLength() {
        IdaStarSearch search = search(0, 2);
        assertEquals(57, solve(search, korf(KORF_1), SolveOptions.defaults()).length());
        SolveResult hard = solve(search, korf(KORF_88), SolveOptions.defaults());
        assertEquals(65, hard.length());
        assertEquals(Board.blankFirst(SHAPE), korf(KORF_88).start().apply(hard.moves()));
    }

    /** Weighted IDA*: never longer than the weight times the shortest length, and not claimed optimal. */
    @Test
    void weightedSearchesStayWithinTheirWeight() {
        PdbHeuristic heuristic = TestDatabases.shared().heuristic(SHAPE, 0, LoadPolicy.LOAD);
        for (double weight : new double[] {1.2, 1.5, 2.0}) {
            IdaStarSearch weighted = new IdaStarSearch(heuristic, POOL, 2, weight);
            SolveResult one = solve(weighted, korf(KORF_1), SolveOptions.defaults());
            SolveResult eightyEight = solve(weighted, korf(KORF_88), SolveOptions.defaults());
            assertTrue(one.length() <= weight * 57 && eightyEight.length() <= weight * 65,
                    weight + ": " + one.length() + ", " + eightyEight.length());
            assertEquals(Board.blankFirst(SHAPE), korf(KORF_88).start().apply(eightyEight.moves()));
            assertFalse(one.optimal());
        }
    }

    /**
     * A second partition and its mirror image beside the first and its own, as the large 5x5 set has: the same
     * lengths, and fewer nodes in all (shown here on the 15-puzzle's 6-6-3 views, whose databases build in seconds).
     */
    @Test
    void moreViewsKeepTheLengthsAndExpandFewerNodes() {
        List<long[]> four = Partitions.views(SHAPE, 0, DatabaseSet.STANDARD);
        List<long[]> two = List.of(four.get(0), four.get(2));
        Map<Pattern, PatternDatabase> built = new HashMap<>();
        PatternDatabaseBuilder builder = new PatternDatabaseBuilder(1);
        Function<Pattern, PatternDatabase> databases = pattern -> built.computeIfAbsent(pattern, builder::build);
        IdaStarSearch twoViews = new IdaStarSearch(PdbHeuristic.assemble(SHAPE, 0, two, databases, LayoutWait.AWAIT),
                null, 1);
        IdaStarSearch fourViews = new IdaStarSearch(PdbHeuristic.assemble(SHAPE, 0, four, databases,
                LayoutWait.AWAIT), null, 1);
        Random random = new Random(11);
        long twoNodes = 0;
        long fourNodes = 0;
        for (int board = 0; board < 12; board++) {
            Puzzle puzzle = RandomBoards.scrambled(Board.blankFirst(SHAPE), 200 + random.nextInt(2), random);
            SolveResult withTwo = solve(twoViews, puzzle, SolveOptions.defaults());
            SolveResult withFour = solve(fourViews, puzzle, SolveOptions.defaults());
            assertEquals(withTwo.length(), withFour.length(), puzzle.start().toString());
            assertTrue(withFour.optimal());
            twoNodes += withTwo.expanded();
            fourNodes += withFour.expanded();
        }
        assertTrue(fourNodes < twoNodes, fourNodes + " nodes with four views, " + twoNodes + " with two");
    }

    /** The answer is the first solution in the order of the subtrees, whatever the threads and their timing. */
    @Test
    void answersDoNotDependOnThreads() {
        Puzzle puzzle = korf(KORF_1);
        String single = solve(search(0, 1), puzzle, SolveOptions.defaults()).moves();
        IdaStarSearch parallel = search(0, 3);
        for (int run = 0; run < 3; run++) {
            assertEquals(single, solve(parallel, puzzle, SolveOptions.defaults()).moves());
        }
    }

    /**
     * An incumbent longer than the shortest answer leaves every iteration below its length as it was: the same answer
     * after the same nodes, on one thread or several, whether it is held from the start or asked for on the way.
     */
    @Test
    void anIncumbentLongerThanTheShortestOnlyPrunes() {
        for (String tiles : new String[] {KORF_1, KORF_88}) {
            Puzzle puzzle = korf(tiles);
            SolveResult alone = solve(search(0, 1), puzzle, SolveOptions.defaults());
            // At the blank-first goal the blank can step right and back: a legal answer two moves longer.
            SolveResult longer = SolveResult.solved(alone.moves() + "rl", false, 0, 0, Strategy.of(Algorithm.REDUCTION));
            Incumbent held = new Incumbent(1.0, () -> longer);
            held.ask();
            SolveResult withHeld = solve(search(0, 1), puzzle, SolveOptions.defaults(), held);
            assertEquals(alone.moves(), withHeld.moves());
            assertEquals(alone.expanded(), withHeld.expanded());
            assertEquals(Strategy.of(Algorithm.IDA_STAR_PDB), withHeld.strategy());
            SolveResult asked = solve(search(0, 3), puzzle, SolveOptions.defaults(), new Incumbent(1.0, () -> longer));
            assertEquals(alone.moves(), asked.moves());
        }
    }

    /**
     * An incumbent of the shortest length is proven by the iteration bound that reaches it, without the last
     * iteration, and taken the same way on one thread or several: Korf's 88th passes the quick answer's mark
     * before its last iteration.
     */
    @Test
    void anIncumbentOfTheShortestLengthIsProvenWithoutTheLastIteration() {
        Puzzle puzzle = korf(KORF_88);
        SolveResult alone = solve(search(0, 1), puzzle, SolveOptions.defaults());
        SolveResult shortest = SolveResult.solved(alone.moves(), false, 0, 0, Strategy.of(Algorithm.REDUCTION));
        for (int threads : new int[] {1, 2}) {
            SolveResult proven = solve(search(0, threads), puzzle, SolveOptions.defaults(),
                    new Incumbent(1.0, () -> shortest));
            assertTrue(proven.optimal());
            assertEquals(Strategy.of(Algorithm.REDUCTION), proven.strategy(), "the incumbent's answer");
            assertEquals(OptionalInt.of(65), proven.lowerBound());
            assertTrue(proven.expanded() < alone.expanded(), proven.expanded() + " against " + alone.expanded());
        }
    }

    /** Each iteration bound is a lower bound: a search stopped on its way reports the last one it reached. */
    @Test
    void aSearchPastItsBudgetReportsTheLowerBoundItsIterationsProved() {
        SolveResult stopped = solve(search(0, 2), korf(KORF_88), SolveOptions.defaults().withBudget(200_000, 60_000));
        assertEquals(Outcome.BUDGET_EXCEEDED, stopped.outcome());
        int lowerBound = stopped.lowerBound().orElseThrow();
        assertTrue(lowerBound > 45 && lowerBound < 65 && lowerBound % 2 == 1, "lower bound " + lowerBound);
        SolveResult weighted = solve(new IdaStarSearch(TestDatabases.shared().heuristic(SHAPE, 0, LoadPolicy.LOAD),
                null, 1, 1.5), korf(KORF_88), SolveOptions.defaults().withBudget(2_000, 60_000));
        assertEquals(Outcome.BUDGET_EXCEEDED, weighted.outcome());
        assertTrue(weighted.lowerBound().orElseThrow() <= 65, weighted.toString());
    }

    @Test
    void stopsAtTheNodeBudgetAndInventsNothing() {
        SolveResult single = solve(search(0, 1), korf(KORF_1), SolveOptions.defaults().withBudget(1000, 60_000));
        assertEquals(Outcome.BUDGET_EXCEEDED, single.outcome());
        assertNull(single.moves());
        assertEquals(1000, single.expanded());
        SolveResult parallel = solve(search(0, 2), korf(KORF_88), SolveOptions.defaults().withBudget(100_000, 60_000));
        assertEquals(Outcome.BUDGET_EXCEEDED, parallel.outcome());
        assertNull(parallel.moves());
        assertTrue(parallel.expanded() >= 100_000 && parallel.expanded() < 100_000 + 2 * Budget.CHECK_INTERVAL,
                "expanded " + parallel.expanded());
    }

    @Test
    void stopsAtTheTimeBudget() {
        SolveResult result = solve(search(0, 2), korf(KORF_88), SolveOptions.defaults().withBudget(Long.MAX_VALUE, 20));
        assertEquals(Outcome.BUDGET_EXCEEDED, result.outcome());
        assertNull(result.moves());
        assertTrue(result.millis() < 2_000, "stopped near its budget, took " + result.millis() + " ms");
    }

    @Test
    void honoursCancellation() {
        AtomicInteger polls = new AtomicInteger();
        SolveOptions options = new SolveOptions(Mode.OPTIMAL, Long.MAX_VALUE, 60_000, () -> polls.incrementAndGet() > 3);
        SolveResult result = solve(search(0, 2), korf(KORF_88), options);
        assertEquals(Outcome.CANCELLED, result.outcome());
        assertNull(result.moves());
    }

    private static IdaStarSearch search(int goalBlank, int threads) {
        PdbHeuristic heuristic = TestDatabases.shared().heuristic(SHAPE, goalBlank, LoadPolicy.LOAD);
        return new IdaStarSearch(heuristic, threads > 1 ? POOL : null, threads);
    }

    private static SolveResult solve(IdaStarSearch search, Puzzle puzzle, SolveOptions options) {
        long now = System.nanoTime();
        return search.solve(puzzle.relabelledStart(), new Budget(options, now), now);
    }

    private static SolveResult solve(IdaStarSearch search, Puzzle puzzle, SolveOptions options, Incumbent incumbent) {
        long now = System.nanoTime();
        return search.solve(puzzle.relabelledStart(), new Budget(options, now), now, ProgressListener.NONE, incumbent);
    }

    private static Puzzle korf(String tiles) {
        return new Puzzle(BoardParser.parse(tiles, SHAPE), Board.blankFirst(SHAPE));
    }

    private static Board goalWithBlankAt(int blank, Random random) {
        while (true) {
            Board board = RandomBoards.shuffled(SHAPE, random);
            if (board.blankIndex() == blank) {
                return board;
            }
        }
    }
}
