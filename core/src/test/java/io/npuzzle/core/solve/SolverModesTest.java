package io.npuzzle.core.solve;

import io.npuzzle.core.board.Board;
import io.npuzzle.core.board.BoardParser;
import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.board.RandomBoards;
import io.npuzzle.core.board.Shape;
import io.npuzzle.core.model.Algorithm;
import io.npuzzle.core.model.Limit;
import io.npuzzle.core.model.Mode;
import io.npuzzle.core.model.Outcome;
import io.npuzzle.core.model.SolveOptions;
import io.npuzzle.core.model.SolveResult;
import io.npuzzle.core.model.Strategy;
import io.npuzzle.core.pdb.LoadPolicy;
import io.npuzzle.core.pdb.PdbHeuristic;
import io.npuzzle.core.pdb.TestDatabases;
import io.npuzzle.core.search.ManhattanLinearConflict;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** How the solver picks strategies per shape and mode, and how it behaves at its budgets. */
class SolverModesTest {

    private static final Solver SOLVER = new Solver(TestDatabases.shared(), 2);
    private static final Shape FOUR = Shape.of(4, 4);

    @Test
    void warmedUpSolverIsReady() {
        assertTrue(SOLVER.isReady());
    }

    @Test
    void optimalFourByFourUsesThePatternDatabases() {
        Puzzle korf2 = new Puzzle(BoardParser.parse("13 5 4 10 9 12 8 14 2 3 7 1 0 15 11 6", FOUR), Board.blankFirst(FOUR));
        SolveResult result = SOLVER.solve(korf2);
        assertEquals(Strategy.of(Algorithm.IDA_STAR_PDB), result.strategy());
        assertTrue(result.optimal());
        assertEquals(55, result.length());
        assertEquals(korf2.goal(), korf2.start().apply(result.moves()));
    }

    /** FAST answers every board up to 8x8, legal and quickly; from 5x5 on it is not claimed optimal. */
    @Test
    void fastAnswersLargeBoardsQuickly() {
        Random random = new Random(42);
        SolveOptions fast = SolveOptions.defaults(Mode.FAST);
        for (int side = 4; side <= 8; side++) {
            Shape shape = Shape.of(side, side);
            for (Board goal : new Board[] {Board.solved(shape), Board.blankFirst(shape), RandomBoards.shuffled(shape, random)}) {
                Puzzle puzzle = RandomBoards.solvable(goal, random);
                SolveResult result = SOLVER.solve(puzzle, fast);
                assertEquals(Outcome.SOLVED, result.outcome());
                assertEquals(goal, puzzle.start().apply(result.moves()));
                assertEquals(side == 4 && result.strategy().equals(Strategy.of(Algorithm.IDA_STAR_PDB)), result.optimal(),
                        result.strategy().toString());
                assertTrue(result.millis() < 5_000, shape + " took " + result.millis() + " ms");
            }
        }
    }

    /**
     * A fast answer not proven shortest carries a certificate, as an optimal search past its deadline does: the
     * least length its start's estimates prove, raised to the answer's parity, and its length's factor over it. On
     * 6x6 the board's 2x2-block databases prove more than Manhattan distance plus linear conflicts on this board.
     */
    @Test
    void aFastAnswerCarriesTheLowerBoundItsStartsEstimatesProve() {
        Random random = new Random(43);
        SolveOptions fast = SolveOptions.defaults(Mode.FAST).withBudget(1_000_000_000L, 300);
        for (int side = 6; side <= 8; side++) {
            Shape shape = Shape.of(side, side);
            Puzzle puzzle = RandomBoards.solvable(Board.solved(shape), random);
            int lineEstimate = new ManhattanLinearConflict(shape, puzzle.goalBlank()).estimate(puzzle.relabelledStart());
            int least = lineEstimate;
            if (side == 6) {
                int blockEstimate = TestDatabases.shared().heuristic(shape, puzzle.goalBlank(), LoadPolicy.LOAD)
                        .estimate(puzzle.relabelledStart());
                assertTrue(blockEstimate > lineEstimate + 1, blockEstimate + " against " + lineEstimate);
                least = blockEstimate;
            }
            SolveResult result = SOLVER.solve(puzzle, fast);
            assertFalse(result.optimal(), shape.toString());
            int lowerBound = result.lowerBound().getAsInt();
            assertTrue(least <= lowerBound && lowerBound <= result.length(),
                    shape + ": " + least + ", " + lowerBound + ", " + result.length());
            assertEquals(0, (result.length() - lowerBound) % 2, "every answer of a board has the same parity");
            assertEquals(result.length() / (double) lowerBound, result.bound(), 1e-9, shape.toString());
        }
    }

    /**
     * A 5x5 fast answer is certified by the board's databases: on a board where they estimate more than Manhattan
     * distance plus linear conflicts, its lower bound is at least their estimate and shares the answer's parity.
     */
    @Test
    void aFastFiveByFiveAnswerIsCertifiedAtLeastAsWellAsItsDatabasesCertifyIt() {
        Shape shape = Shape.of(5, 5);
        Random random = new Random(44);
        PdbHeuristic databases = TestDatabases.shared().heuristic(shape, shape.size() - 1, LoadPolicy.LOAD);
        ManhattanLinearConflict lines = new ManhattanLinearConflict(shape, shape.size() - 1);
        Puzzle puzzle;
        int databaseEstimate;
        do {
            puzzle = RandomBoards.solvable(Board.solved(shape), random);
            databaseEstimate = databases.estimate(puzzle.relabelledStart());
        } while (databaseEstimate <= lines.estimate(puzzle.relabelledStart()) + 1);
        SolveResult result = SOLVER.solve(puzzle, SolveOptions.defaults(Mode.FAST).withBudget(1_000_000_000L, 300));
        int least = result.lowerBound().getAsInt();
        assertTrue(databaseEstimate <= least && least <= result.length(),
                databaseEstimate + ", " + least + ", " + result.length());
        assertEquals(0, (result.length() - least) % 2, "every answer of a board has the same parity");
        assertEquals(result.length() / (double) least, result.bound(), 1e-9);
    }

    /**
     * Answers asked for at once share the core the second reductions run on: each is legal and in time, whether
     * its second reduction ran, came too late or was skipped.
     */
    @Test
    void fastAnswersAskedForAtOnceAreEachLegal() throws Exception {
        Shape shape = Shape.of(7, 7);
        Random random = new Random(77);
        SolveOptions fast = SolveOptions.defaults(Mode.FAST);
        List<Puzzle> puzzles = IntStream.range(0, 4)
                .mapToObj(i -> RandomBoards.solvable(Board.solved(shape), random)).toList();
        ExecutorService callers = Executors.newFixedThreadPool(puzzles.size());
        try {
            List<Future<SolveResult>> answers = puzzles.stream()
                    .map(puzzle -> callers.submit(() -> SOLVER.solve(puzzle, fast))).toList();
            for (int i = 0; i < puzzles.size(); i++) {
                SolveResult result = answers.get(i).get(30, TimeUnit.SECONDS);
                assertEquals(puzzles.get(i).goal(), puzzles.get(i).start().apply(result.moves()));
                assertFalse(result.optimal());
                assertTrue(result.millis() < 5_000, result.millis() + " ms");
            }
        } finally {
            callers.shutdownNow();
        }
    }

    /** Beams and shortening fit a fast answer into a time budget below the default second. */
    @Test
    void aFastAnswerKeepsToAShortTimeBudget() {
        Shape shape = Shape.of(8, 8);
        Puzzle puzzle = RandomBoards.solvable(Board.solved(shape), new Random(8));
        SolveOptions tight = SolveOptions.defaults(Mode.FAST).withBudget(1_000_000_000L, 100);
        // Compiled and warm: a short budget leaves more of the board to lines, whose code a cold JVM interprets.
        SOLVER.solve(puzzle, SolveOptions.defaults(Mode.FAST));
        for (int i = 0; i < 3; i++) {
            SOLVER.solve(puzzle, tight);
        }
        SolveResult result = SOLVER.solve(puzzle, tight);
        assertEquals(puzzle.goal(), puzzle.start().apply(result.moves()));
        // The default second would take 700 ms: beams, then shortening to the end of the round.
        assertTrue(result.millis() < 500, result.millis() + " ms");
    }

    /** A* on a board past 25 cells holds the fast answer, a beam's or lines', when its budget runs out. */
    @Test
    void anOptimalSearchPastItsBudgetAnswersWithTheFastAnswerAndWhatItProved() {
        Shape shape = Shape.of(6, 6);
        Puzzle puzzle = RandomBoards.solvable(Board.solved(shape), new Random(9));
        SolveResult result = SOLVER.solve(puzzle, SolveOptions.defaults().withBudget(2_000, 60_000));
        assertEquals(Outcome.SOLVED, result.outcome());
        assertFalse(result.optimal());
        assertEquals(Limit.NODES, result.exceeded());
        assertTrue(result.strategy().toString().matches("a-star>fallback:(beam|reduction).*"), result.strategy().toString());
        assertEquals(Algorithm.A_STAR, result.strategy().overBudget());
        assertEquals(puzzle.goal(), puzzle.start().apply(result.moves()));
        int lowerBound = result.lowerBound().orElseThrow();
        assertTrue(lowerBound > 0 && lowerBound < result.length(), lowerBound + " against " + result.length());
        assertEquals((double) result.length() / lowerBound, result.bound());
    }

    @Test
    void aCancelledSolveAnswersNothing() {
        Puzzle puzzle = RandomBoards.solvable(Board.solved(Shape.of(6, 6)), new Random(3));
        SolveResult result = SOLVER.solve(puzzle, SolveOptions.defaults().withCancellation(() -> true));
        assertEquals(Outcome.CANCELLED, result.outcome());
        assertNull(result.moves());
    }

    /**
     * A bounded search tries weighted A* briefly: at a large ratio it answers at once; at a small one (Korf's third
     * 15-puzzle, 59 moves, at 1.05: A* needs more than its trial) weighted IDA* answers within the ratio instead.
     */
    @Test
    void aBoundedSearchHandsWeightedAStarsHardCasesToWeightedIdaStar() {
        Puzzle korf3 = new Puzzle(BoardParser.parse("14 7 8 2 13 11 10 4 9 12 5 0 3 6 1 15", FOUR), Board.blankFirst(FOUR));
        SolveResult loose = SOLVER.solve(korf3, SolveOptions.defaults().withMode(Mode.BOUNDED).withRatio(3.0));
        assertEquals(Strategy.of(Algorithm.A_STAR), loose.strategy());
        SolveResult tight = SOLVER.solve(korf3, SolveOptions.defaults().withMode(Mode.BOUNDED).withRatio(1.05));
        assertEquals(Strategy.of(Algorithm.IDA_STAR_PDB).after(Algorithm.A_STAR), tight.strategy());
        assertTrue(tight.length() <= 1.05 * 59, tight.length() + " moves");
        assertTrue(tight.expanded() > 100_000, "the trial's nodes count too: " + tight.expanded());
        assertEquals(Double.valueOf(1.05), tight.bound());
        for (SolveResult result : List.of(loose, tight)) {
            assertEquals(korf3.goal(), korf3.start().apply(result.moves()));
        }
    }

    /** Bounded answers with the databases: never longer than the ratio allows, and saying what it guarantees. */
    @Test
    void boundedAnswersAreNeverLongerThanTheirRatioAllows() {
        Random random = new Random(12);
        for (Shape shape : List.of(FOUR, Shape.of(3, 4))) {
            for (double ratio : new double[] {1.1, 1.5, 3.0}) {
                Puzzle puzzle = RandomBoards.solvable(Board.solved(shape), random);
                SolveResult optimal = SOLVER.solve(puzzle, SolveOptions.defaults().withBudget(Long.MAX_VALUE, 120_000));
                SolveResult bounded = SOLVER.solve(puzzle, SolveOptions.defaults().withMode(Mode.BOUNDED).withRatio(ratio));
                assertEquals(Outcome.SOLVED, bounded.outcome());
                assertTrue(bounded.length() <= ratio * optimal.length(),
                        shape + " " + ratio + ": " + bounded.length() + " vs shortest " + optimal.length());
                assertEquals(Double.valueOf(ratio), bounded.bound());
                assertFalse(bounded.optimal());
                assertEquals(puzzle.goal(), puzzle.start().apply(bounded.moves()));
            }
        }
    }
}
