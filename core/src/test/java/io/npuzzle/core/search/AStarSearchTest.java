package io.npuzzle.core.search;

import io.npuzzle.core.board.Board;
import io.npuzzle.core.board.BoardParser;
import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.board.RandomBoards;
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
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class AStarSearchTest {

    /** Korf's instance 1 (57 moves, blank-first goal): far beyond a tiny budget. */
    private static final String HARD = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3";

    @Test
    void solvesScrambledLargerBoardsWithinTheirScrambleLength() {
        Random random = new Random(11);
        for (Shape shape : new Shape[] {Shape.of(3, 4), Shape.of(4, 4), Shape.of(5, 5), Shape.of(8, 8)}) {
            Board goal = Board.solved(shape);
            for (int trial = 0; trial < 5; trial++) {
                Puzzle puzzle = RandomBoards.scrambled(goal, 24, random);
                Board start = puzzle.start();
                SolveResult result = solve(puzzle, SolveOptions.defaults());
                assertEquals(Outcome.SOLVED, result.outcome());
                assertTrue(result.length() <= 24, shape + " " + start);
                assertEquals(goal, start.apply(result.moves()));
            }
        }
    }

    @Test
    void stopsAtTheNodeBudgetAndInventsNothing() {
        Puzzle puzzle = korf(HARD);
        SolveResult result = solve(puzzle, SolveOptions.defaults().withBudget(1000, 60_000));
        assertEquals(Outcome.BUDGET_EXCEEDED, result.outcome());
        assertNull(result.moves());
        assertEquals(1000, result.expanded());
        assertEquals(Limit.NODES, result.exceeded());
        assertTrue(result.solvable());
        int lowerBound = result.lowerBound().orElseThrow();
        assertTrue(lowerBound >= 41 && lowerBound <= 57, "the least f open, " + lowerBound + ", is at most 57");
    }

    /**
     * With an incumbent A* stores only nodes that could lead to a shorter answer: one of the shortest length is
     * proven once the least f open reaches it, one longer leaves the length as it was; neither costs a node more.
     */
    @Test
    void anIncumbentOnlyPrunesAndIsProvenOnceTheLeastOpenFReachesIt() {
        Shape shape = Shape.of(3, 4);
        Random random = new Random(21);
        for (int trial = 0; trial < 4; trial++) {
            Puzzle puzzle = RandomBoards.solvable(Board.solved(shape), random);
            SolveResult alone = solve(puzzle, SolveOptions.defaults());
            SolveResult proven = solve(puzzle, held(alone.moves()));
            assertTrue(proven.optimal());
            assertEquals(Strategy.of(Algorithm.REDUCTION), proven.strategy(), "the incumbent's answer");
            assertTrue(proven.expanded() <= alone.expanded(), proven.expanded() + " against " + alone.expanded());
            // At the blank-last goal the blank can step left and back: a legal answer two moves longer.
            SolveResult beaten = solve(puzzle, held(alone.moves() + "lr"));
            assertTrue(beaten.optimal());
            assertEquals(alone.length(), beaten.length());
            assertEquals(puzzle.goal(), puzzle.start().apply(beaten.moves()));
            assertTrue(beaten.expanded() <= alone.expanded(), beaten.expanded() + " against " + alone.expanded());
        }
    }

    @Test
    void stopsAtTheTimeBudget() {
        SolveResult result = solve(korf(HARD), SolveOptions.defaults().withBudget(Long.MAX_VALUE, 50));
        assertEquals(Outcome.BUDGET_EXCEEDED, result.outcome());
        assertEquals(Limit.TIME, result.exceeded());
        assertTrue(result.millis() < 5_000, "stopped near its budget, took " + result.millis() + " ms");
    }

    /**
     * A search of a few seconds without an answer first reports after a second, then each higher lower bound at once
     * and otherwise once a second, never two reports within the least gap: growing node counts, the f it expands.
     */
    @Test
    void reportsEachHigherLowerBoundAtOnceAndOtherwiseOnceASecond() {
        List<SearchProgress> reports = new ArrayList<>();
        Puzzle puzzle = RandomBoards.solvable(Board.solved(Shape.of(6, 6)), new Random(4));
        long now = System.nanoTime();
        SolveResult result = new AStarSearch(Shape.of(6, 6), puzzle.goalBlank()).solve(puzzle.relabelledStart(),
                new Budget(SolveOptions.defaults().withBudget(Long.MAX_VALUE, 2_500), now), now, reports::add);
        assumeTrue(result.exceeded() == Limit.TIME, "this JVM's memory share ran out first: " + result);
        long gap = ProgressListener.LEAST_GAP.toMillis();
        long interval = ProgressListener.INTERVAL.toMillis();
        assertTrue(reports.size() >= 1 && reports.size() <= 2_500 / gap, reports.toString());
        assertTrue(reports.get(0).elapsedMillis() >= interval, reports.toString());
        for (int i = 1; i < reports.size(); i++) {
            SearchProgress before = reports.get(i - 1);
            SearchProgress report = reports.get(i);
            long apart = report.elapsedMillis() - before.elapsedMillis();
            assertTrue(report.nodes() > before.nodes(), reports.toString());
            assertTrue(apart >= gap, reports.toString());
            assertTrue(report.lowerBound() > before.lowerBound() || apart >= interval, reports.toString());
        }
        assertTrue(reports.get(0).bound() > 0, reports.toString());
    }

    @Test
    void honoursCancellation() {
        AtomicInteger polls = new AtomicInteger();
        SolveOptions options = new SolveOptions(Mode.OPTIMAL, Long.MAX_VALUE, 60_000, () -> polls.incrementAndGet() > 2);
        SolveResult result = solve(korf(HARD), options);
        assertEquals(Outcome.CANCELLED, result.outcome());
        assertNull(result.exceeded(), "a cancelled search ran out of nothing");
        assertNull(result.moves());
    }

    @Test
    void endsOverBudgetAtItsMemoryBudgetHavingAllocatedNoMoreThanTwiceIt() {
        long budget = 24L << 20;
        Puzzle puzzle = RandomBoards.scrambled(Board.solved(Shape.of(5, 5)), 400, new Random(5));
        com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        long before = threads.getCurrentThreadAllocatedBytes();
        SolveResult result = solve(puzzle, SolveOptions.defaults().withBudget(Long.MAX_VALUE, 60_000).withMemory(budget));
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        assertEquals(Outcome.BUDGET_EXCEEDED, result.outcome());
        assertEquals(Limit.MEMORY, result.exceeded());
        assertTrue(result.expanded() > 10_000, "searched until its memory ran out: " + result.expanded());
        // Everything it ever allocated, the garbage of grown arrays included, bounds what it held at once.
        assertTrue(allocated <= 2 * budget, "allocated " + (allocated >> 20) + " MiB for a budget of 24 MiB");
    }

    @Test
    void storesFewerNodesThanItsBudgetHoldsAtTheirWorstAndNoMoreThanItsArraysIndex() {
        assertEquals(1_000_000_000L / AStarSearch.peakBytesPerNode(25),
                AStarSearch.maxStoredNodes(25, 1_000_000_000L));
        assertTrue(AStarSearch.peakBytesPerNode(25) > 25 + 14 + 12 + 4, "counts more than the bare node");
        assertEquals((Integer.MAX_VALUE - 8) / 64, AStarSearch.maxStoredNodes(64, Long.MAX_VALUE));
    }

    private static Puzzle korf(String tiles) {
        Shape shape = Shape.of(4, 4);
        return new Puzzle(BoardParser.parse(tiles, shape), Board.blankFirst(shape));
    }

    private static SolveResult solve(Puzzle puzzle, SolveOptions options) {
        long now = System.nanoTime();
        return new AStarSearch(puzzle.shape(), puzzle.goalBlank())
                .solve(puzzle.relabelledStart(), new Budget(options, now), now);
    }

    private static SolveResult solve(Puzzle puzzle, Incumbent incumbent) {
        long now = System.nanoTime();
        return new AStarSearch(puzzle.shape(), puzzle.goalBlank()).solve(puzzle.relabelledStart(),
                new Budget(SolveOptions.defaults(), now), now, ProgressListener.NONE, incumbent);
    }

    /** An incumbent holding {@code moves} from the start. */
    private static Incumbent held(String moves) {
        Incumbent incumbent = new Incumbent(1.0,
                () -> SolveResult.solved(moves, false, 0, 0, Strategy.of(Algorithm.REDUCTION)));
        incumbent.ask();
        return incumbent;
    }
}
