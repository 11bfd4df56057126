package io.npuzzle.worker.solve;

import io.npuzzle.core.board.Puzzle;
import io.npuzzle.protocol.Quality;
import io.npuzzle.worker.inmemory.ScriptedSolver;
import io.npuzzle.worker.lifecycle.GracefulStop;
import io.npuzzle.worker.lifecycle.UntilAvailable;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

class SolveRetriesTest {

    private static final Puzzle BOARD = Puzzle.parse("1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15", 4, 4, null);

    private final ScriptedSolver solver = new ScriptedSolver().answering((puzzle, quality, cancelled) -> {
        throw new IllegalStateException("the Redis client is closed");
    });
    private final GracefulStop stop = new GracefulStop(Duration.ZERO);
    private final SolveRetries retries = new SolveRetries(solver, 3, stop);

    @Test
    void aSolverThatThrowsIsTriedAgainAndThenFailsTheJob() {
        Answer answer = retries.solve(BOARD, Quality.OPTIMAL, Asker.anonymous(() -> false));

        assertInstanceOf(Answer.Failed.class, answer);
        assertEquals(3, solver.searches().size());
    }

    @Test
    void aSolverThatThrowsWhileTheWorkerStopsLeavesTheJobWholeForRedeliveryAfterOneTry() {
        stop.onStop(null);

        assertThrows(UntilAvailable.Stopping.class,
                () -> retries.solve(BOARD, Quality.OPTIMAL, Asker.anonymous(() -> false)));
        assertEquals(1, solver.searches().size(), "not tried again");
    }
}
