package io.npuzzle.core.solve;

import io.npuzzle.core.board.Board;
import io.npuzzle.core.board.BoardParser;
import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.board.Shape;
import io.npuzzle.core.model.Algorithm;
import io.npuzzle.core.model.Limit;
import io.npuzzle.core.model.Mode;
import io.npuzzle.core.model.Outcome;
import io.npuzzle.core.model.SearchProgress;
import io.npuzzle.core.model.SolveOptions;
import io.npuzzle.core.model.SolveResult;
import io.npuzzle.core.pdb.LoadPolicy;
import io.npuzzle.core.pdb.PdbHeuristic;
import io.npuzzle.core.pdb.TestDatabases;
import io.npuzzle.core.search.Budget;
import io.npuzzle.core.search.IdaStarSearch;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Anytime answers on Korf's 15-puzzles (Korf 1985), small enough for a test: a quick answer in the progress early,
 * the best answer and what it is proven to be within when the budget runs out, and easy boards as before.
 */
class SolverAnytimeTest {

    private static final Shape SHAPE = Shape.of(4, 4);
    private static final Solver SOLVER = new Solver(TestDatabases.shared(), 2);
    /** Instance 1, 57 moves: IDA* proves it within the nodes after which a search asks for a quick answer. */
    private static final String KORF_1 = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3";
    /** Instance 82, 62 moves, and 88, 65 moves: past those nodes. */
    private static final String KORF_82 = "14 10 2 1 13 9 8 11 7 3 6 12 15 5 4 0";
    private static final String KORF_88 = "15 2 12 11 14 13 9 5 1 3 8 7 0 10 6 4";
    /** Instance 60, 66 moves: the most nodes of the hundred. */
    private static final String KORF_60 = "11 14 13 1 2 3 12 4 15 7 9 5 10 6 8 0";

    @Test
    void anOptimalSearchPastItsBudgetAnswersWithLegalMovesWithinTheFactorItProved() {
        Puzzle puzzle = korf(KORF_60);
        SolveResult result = SOLVER.solve(puzzle, SolveOptions.defaults().withBudget(500_000, 60_000));
        assertEquals(Outcome.SOLVED, result.outcome());
        assertFalse(result.optimal());
        assertEquals(Limit.NODES, result.exceeded());
        assertEquals(Algorithm.IDA_STAR_PDB, result.strategy().overBudget());
        assertEquals(puzzle.goal(), puzzle.start().apply(result.moves()));
        int lowerBound = result.lowerBound().orElseThrow();
        assertTrue(lowerBound <= 66, "lower bound " + lowerBound + " above the shortest length");
        assertEquals((double) result.length() / lowerBound, result.bound());
        assertTrue(result.bound() >= result.length() / 66.0, result.toString());
    }

    @Test
    void progressCarriesTheQuickAnswerWithinAboutASecondAndTheProvenBoundsBelowIt() {
        Puzzle puzzle = korf(KORF_60);
        List<SearchProgress> reports = new CopyOnWriteArrayList<>();
        SolveResult result = SOLVER.solve(puzzle, SolveOptions.defaults().withProgress(reports::add));
        assertTrue(result.optimal());
        assertEquals(66, result.length());
        SearchProgress first = reports.stream().filter(report -> report.bestLength().isPresent()).findFirst()
                .orElseThrow(() -> new AssertionError("no report of a quick answer: " + reports));
        assertTrue(first.elapsedMillis() <= 2_000, "first answer after " + first.elapsedMillis() + " ms");
        for (SearchProgress report : reports) {
            assertTrue(report.lowerBound() <= 66, report.toString());
            assertTrue(report.bestLength().orElse(66) >= 66, report.toString());
        }
    }

    /**
     * A 15-puzzle, the quick lane's, is never estimated hard: one proven before the search would ask for a quick
     * answer reports nothing, so a service writes no progress for it.
     */
    @Test
    void aFifteenPuzzleProvenWithinItsFirstMillionNodesReportsNothing() {
        List<SearchProgress> reports = new CopyOnWriteArrayList<>();
        SolveResult result = new Solver(TestDatabases.shared(), 1).solve(korf(KORF_1),
                SolveOptions.defaults().withProgress(reports::add));
        assertTrue(result.optimal());
        assertEquals(57, result.length());
        assertTrue(reports.isEmpty(), reports.toString());
    }

    /**
     * The quick answer only prunes: boards IDA* proves are proven with the same length and no more nodes than
     * IDA* alone takes, whether they end before the quick answer is asked for or after. One thread each, so that
     * the node counts do not depend on thread timing.
     */
    @Test
    void boardsProvenBeforeAreProvenWithTheSameLengthAndNoMoreNodes() {
        Solver single = new Solver(TestDatabases.shared(), 1);
        PdbHeuristic heuristic = TestDatabases.shared().heuristic(SHAPE, 0, LoadPolicy.LOAD);
        for (String tiles : new String[] {KORF_1, KORF_82, KORF_88}) {
            Puzzle puzzle = korf(tiles);
            long now = System.nanoTime();
            SolveResult alone = new IdaStarSearch(heuristic, null, 1)
                    .solve(puzzle.relabelledStart(), new Budget(SolveOptions.defaults(), now), now);
            SolveResult anytime = single.solve(puzzle);
            assertTrue(anytime.optimal(), anytime.toString());
            assertEquals(alone.length(), anytime.length());
            assertTrue(anytime.expanded() <= alone.expanded(), anytime.expanded() + " against " + alone.expanded());
            if (tiles.equals(KORF_1)) {
                assertEquals(alone.moves(), anytime.moves(), "no quick answer was asked for");
            }
        }
    }

    /** A bounded solve keeps its promise: over budget unless proven, and with the best answer it found. */
    @Test
    void aBoundedSolvePastItsBudgetEndsOverBudgetWithTheBestAnswerAttached() {
        Puzzle puzzle = korf(KORF_88);
        SolveResult result = SOLVER.solve(puzzle, SolveOptions.defaults().withMode(Mode.BOUNDED).withRatio(1.01)
                .withBudget(300_000, 60_000));
        assertEquals(Outcome.BUDGET_EXCEEDED, result.outcome());
        assertEquals(Limit.NODES, result.exceeded());
        assertEquals(puzzle.goal(), puzzle.start().apply(result.moves()));
        int lowerBound = result.lowerBound().orElseThrow();
        assertTrue(lowerBound <= 65, "lower bound " + lowerBound + " above the shortest length");
        assertEquals((double) result.length() / lowerBound, result.bound());
        assertTrue(result.bound() > 1.01, "an answer proven within the ratio is an answer: " + result);
    }

    private static Puzzle korf(String tiles) {
        return new Puzzle(BoardParser.parse(tiles, SHAPE), Board.blankFirst(SHAPE));
    }
}
