package io.npuzzle.core.fast;

import io.npuzzle.core.board.Board;
import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.board.RandomBoards;
import io.npuzzle.core.board.Shape;
import io.npuzzle.core.model.Mode;
import io.npuzzle.core.model.Outcome;
import io.npuzzle.core.model.SolveOptions;
import io.npuzzle.core.model.SolveResult;
import io.npuzzle.core.pdb.TestDatabases;
import io.npuzzle.core.solve.SolveCost;
import io.npuzzle.core.solve.Solver;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Fast answers take the time they are given, and no more: a second by default, more when the client says. */
class FastAnswerTimeTest {

    private static final Solver SOLVER = new Solver(TestDatabases.shared(), 2);
    private static final SolveOptions FAST = SolveOptions.defaults(Mode.FAST);
    /**
     * What a JVM may add past the margin an answer keeps before its deadline: a collection of a heap that the
     * databases fill, or the threads that end the answer waiting for a core on a machine shared with other work
     * (the busy threads below, or a build machine's other jobs), where a tenth of a second of work takes several.
     */
    private static final long HICCUP_MILLIS = 250;
    /** A short time: most of the board is left to lines, and the margin is a tenth of a second or less. */
    private static final long SHORT_MILLIS = 150;
    /** Square boards, and rectangles that lines, databases and beams reduce. */
    private static final List<Shape> SHAPES = List.of(Shape.of(2, 2), Shape.of(3, 3), Shape.of(4, 4), Shape.of(5, 5),
            Shape.of(6, 6), Shape.of(7, 7), Shape.of(8, 8), Shape.of(2, 5), Shape.of(3, 5), Shape.of(4, 6),
            Shape.of(5, 7), Shape.of(8, 6));

    @Test
    void aFastAnswersDefaultTimeIsASecondWhateverTheLaneOfItsBoard() {
        assertEquals(Duration.ofSeconds(1).toMillis(), FAST.maxMillis());
        assertEquals(Duration.ofSeconds(1).toMillis(),
                SolveCost.HEAVY.withDefaultBudget(SolveOptions.defaults().withMode(Mode.FAST)).maxMillis());
    }

    /** More time is spent on wider beams, and never gives a longer answer than a second does, beyond noise. */
    @Test
    void moreTimeIsUsedAndGivesNoLongerAnswer() {
        Puzzle puzzle = RandomBoards.solvable(Board.solved(Shape.of(6, 6)), new Random(36));
        SolveResult second = legal(puzzle, SOLVER.solve(puzzle, FAST.withBudget(FAST.maxNodes(), 1000)));
        SolveResult longer = legal(puzzle, SOLVER.solve(puzzle, FAST.withBudget(FAST.maxNodes(), 3000)));
        assertTrue(longer.millis() > 1500 && longer.millis() < 3500, longer.millis() + " ms");
        // A beam's width follows the time it measures: on a busy machine one answer may be a little longer.
        assertTrue(longer.length() <= second.length() * 1.03, longer.length() + " against " + second.length());
    }

    /**
     * Each shape's code compiled and its exact tables built, by answers before: the first answers of a JVM are
     * slower than any short time while the compiler works.
     */
    @BeforeAll
    static void compileEachShapesCode() {
        SolveOptions options = FAST.withBudget(FAST.maxNodes(), SHORT_MILLIS);
        for (Shape shape : SHAPES) {
            Random random = new Random(shape.size());
            for (int i = 0; i < 3; i++) {
                SOLVER.solve(RandomBoards.solvable(Board.solved(shape), random), options);
            }
        }
    }

    @Test
    void everyShapesAnswerIsBackByAShortDeadline() {
        answersAreBackByTheirDeadline(SHORT_MILLIS);
    }

    @Test
    void everyShapesAnswerIsBackByTheDefaultSecond() {
        answersAreBackByTheirDeadline(FAST.maxMillis());
    }

    /** With every core busy with other work, the margin of a second still holds the answers within it. */
    @Test
    void theDefaultSecondIsKeptOnAMachineWhoseCoresAreAllBusy() {
        List<Thread> spinners = new ArrayList<>();
        for (int i = 0; i < Runtime.getRuntime().availableProcessors(); i++) {
            Thread spinner = new Thread(FastAnswerTimeTest::spinUntilInterrupted);
            spinner.setDaemon(true);
            spinner.start();
            spinners.add(spinner);
        }
        try {
            answersAreBackByTheirDeadline(FAST.maxMillis());
        } finally {
            spinners.forEach(Thread::interrupt);
        }
    }

    /** One legal answer per shape within {@code millis}, by the solve's clock and by the caller's. */
    private static void answersAreBackByTheirDeadline(long millis) {
        SolveOptions options = FAST.withBudget(FAST.maxNodes(), millis);
        for (Shape shape : SHAPES) {
            Puzzle puzzle = RandomBoards.solvable(Board.solved(shape), new Random(millis + shape.size()));
            long started = System.nanoTime();
            SolveResult result = SOLVER.solve(puzzle, options);
            long wallMillis = (System.nanoTime() - started) / 1_000_000L;
            assertEquals(puzzle.goal(), puzzle.start().apply(result.moves()), shape + " answer");
            assertTrue(wallMillis <= millis + HICCUP_MILLIS, shape + ": " + wallMillis + " ms for " + millis);
            assertTrue(result.millis() <= millis + HICCUP_MILLIS, shape + ": reported " + result.millis() + " ms");
        }
    }

    private static void spinUntilInterrupted() {
        long spins = 0;
        while (!Thread.currentThread().isInterrupted()) {
            spins++;
        }
        assertTrue(spins > 0);
    }

    /** A small board's fast answer does not wait for its exact table's build: A* answers it, as short. */
    @Test
    void aSmallBoardsFastAnswerBeforeItsTableIsBuiltIsShortest() {
        Solver fresh = new Solver(TestDatabases.shared(), 1);
        Puzzle puzzle = RandomBoards.solvable(Board.solved(Shape.of(3, 3)), new Random(9));
        SolveResult fast = fresh.solve(puzzle, FAST);
        assertEquals(puzzle.goal(), puzzle.start().apply(fast.moves()));
        assertTrue(fast.optimal());
        assertEquals(fresh.table(puzzle).solve(puzzle.relabelledStart()).length(), fast.length());
    }

    /** A cancelled answer stops at its next line, beam layer or window, however much time it was given. */
    @Test
    void aCancelledAnswerEndsCancelledWithinATenthOfASecond() {
        Puzzle puzzle = RandomBoards.solvable(Board.solved(Shape.of(7, 7)), new Random(7));
        for (long cancelAfterMillis : new long[] {0, 200, 2000}) {
            long started = System.nanoTime();
            long cancelAt = started + cancelAfterMillis * 1_000_000L;
            SolveOptions options = new SolveOptions(Mode.FAST, FAST.maxNodes(), 30_000,
                    () -> System.nanoTime() >= cancelAt);
            SolveResult result = SOLVER.solve(puzzle, options);
            long lateMillis = (System.nanoTime() - cancelAt) / 1_000_000L;
            assertTrue(lateMillis < 100, "ended " + lateMillis + " ms after it was cancelled at " + cancelAfterMillis);
            assertEquals(Outcome.CANCELLED, result.outcome(), "cancelled after " + cancelAfterMillis + " ms");
        }
    }

    /** Beams narrower and shorter where the memory given is small: the answer is still legal, lines finish it. */
    @Test
    void anAnswerGivenLittleMemoryIsStillLegal() {
        Puzzle puzzle = RandomBoards.solvable(Board.solved(Shape.of(8, 8)), new Random(64));
        legal(puzzle, SOLVER.solve(puzzle, FAST.withMemory(4L << 20)));
    }

    private static SolveResult legal(Puzzle puzzle, SolveResult result) {
        assertEquals(puzzle.goal(), puzzle.start().apply(result.moves()));
        assertFalse(result.optimal());
        return result;
    }
}
