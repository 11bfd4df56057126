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
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Fast answers take the time they are given, and no more: a second by default, more when the client says. */
class FastAnswerTimeTest {

    private static final Solver SOLVER = new Solver(TestDatabases.shared(), 2);
    private static final SolveOptions FAST = SolveOptions.defaults(Mode.FAST);

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

    /** A short budget is kept on large boards. */
    @Test
    void aShortBudgetIsKept() {
        Puzzle puzzle = RandomBoards.solvable(Board.solved(Shape.of(7, 7)), new Random(49));
        for (long millis : new long[] {100, 300}) {
            SolveOptions tight = FAST.withBudget(FAST.maxNodes(), millis);
            // Compiled: a short budget leaves more of the board to lines, whose code a cold JVM interprets.
            for (int i = 0; i < 3; i++) {
                SOLVER.solve(puzzle, tight);
            }
            SolveResult result = legal(puzzle, SOLVER.solve(puzzle, tight));
            assertTrue(result.millis() < millis + 250, result.millis() + " ms for " + millis);
        }
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
