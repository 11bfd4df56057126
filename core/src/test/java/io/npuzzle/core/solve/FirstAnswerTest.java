package io.npuzzle.core.solve;

import io.npuzzle.core.board.Board;
import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.board.RandomBoards;
import io.npuzzle.core.board.Shape;
import io.npuzzle.core.model.Mode;
import io.npuzzle.core.model.ProgressListener;
import io.npuzzle.core.model.SearchProgress;
import io.npuzzle.core.model.SolveOptions;
import io.npuzzle.core.model.SolveResult;
import io.npuzzle.core.pdb.TestDatabases;
import io.npuzzle.core.search.AStarSearch;
import io.npuzzle.core.search.Budget;
import io.npuzzle.core.search.Incumbent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.List;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * When the progress of a heavy search first carries an answer: a board its estimate proves hard asks for one at
 * its start and reports it well within a second, however long the search may run, and its reports keep the pace;
 * a board estimated near is proven without one.
 */
class FirstAnswerTest {

    private static final Solver SOLVER = new Solver(TestDatabases.shared(), 1);
    private static final Shape SIX = Shape.of(6, 6);
    private static final long SECOND_MILLIS = 1_000;

    @ParameterizedTest
    @EnumSource(value = Mode.class, names = {"OPTIMAL", "BOUNDED"})
    void aHardBoardReportsItsFirstAnswerWithinASecond(Mode mode) {
        Random random = new Random(55);
        // A warm solver, as a service's is: the first fast answers of a process run before their code is compiled.
        for (int i = 0; i < 3; i++) {
            SOLVER.solve(RandomBoards.solvable(Board.solved(SIX), random), SolveOptions.defaults(Mode.FAST));
        }
        Puzzle puzzle = RandomBoards.solvable(Board.solved(SIX), random);
        List<SearchProgress> reports = new CopyOnWriteArrayList<>();
        long started = System.nanoTime();
        SolveResult result = SOLVER.solve(puzzle, SolveOptions.defaults().withMode(mode).withRatio(1.05)
                .withBudget(Long.MAX_VALUE, 2_000).withProgress(reports::add));
        assertEquals(puzzle.goal(), puzzle.start().apply(result.moves()), "legal moves: " + result);
        SearchProgress first = reports.stream().filter(report -> report.bestLength().isPresent()).findFirst()
                .orElseThrow(() -> new AssertionError("no answer in the progress: " + reports));
        assertTrue(first.elapsedMillis() < SECOND_MILLIS, "first answer after " + first.elapsedMillis() + " ms");
        assertTrue(first.elapsedMillis() >= ProgressListener.LEAST_GAP.toMillis(), first.toString());
        long took = (System.nanoTime() - started) / 1_000_000;
        assertTrue(reports.size() <= took / ProgressListener.LEAST_GAP.toMillis() + 1,
                reports.size() + " reports in " + took + " ms");
    }

    @Test
    void anEasyBoardIsProvenOptimalWithoutAskingForAQuickAnswer() {
        Puzzle puzzle = RandomBoards.scrambled(Board.solved(SIX), 30, new Random(55));
        AtomicBoolean asked = new AtomicBoolean();
        Incumbent incumbent = new Incumbent(1.0, () -> {
            asked.set(true);
            return null;
        });
        long now = System.nanoTime();
        SolveResult result = new AStarSearch(SIX, puzzle.goalBlank()).solve(puzzle.relabelledStart(),
                new Budget(SolveOptions.defaults(), now), now, ProgressListener.NONE, incumbent);
        assertTrue(result.optimal(), result.toString());
        assertFalse(asked.get(), "a quick answer was asked for");
    }
}
