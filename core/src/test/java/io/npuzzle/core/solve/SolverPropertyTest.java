package io.npuzzle.core.solve;

import io.npuzzle.cli.DatabaseSettings;
import io.npuzzle.core.board.Board;
import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.board.RandomBoards;
import io.npuzzle.core.board.Shape;
import io.npuzzle.core.model.Outcome;
import io.npuzzle.core.model.SolveOptions;
import io.npuzzle.core.model.SolveResult;
import io.npuzzle.core.search.AStarSearch;
import io.npuzzle.core.search.Budget;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.Random;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Random boards against an independent brute-force BFS: legal, reaching the goal, exactly optimal. */
class SolverPropertyTest {

    private static final Solver SOLVER = DatabaseSettings.solver();
    private static final int BOARDS_PER_GOAL = 400;

    static Stream<Arguments> goals() {
        Random random = new Random(2024);
        return Stream.of(Shape.of(2, 3), Shape.of(3, 3), Shape.of(2, 4), Shape.of(4, 2), Shape.of(2, 2))
                .flatMap(shape -> Stream.of(
                        Arguments.of(shape, "default", Board.solved(shape)),
                        Arguments.of(shape, "blank first", Board.blankFirst(shape)),
                        Arguments.of(shape, "random", RandomBoards.shuffled(shape, random))));
    }

    @ParameterizedTest(name = "{0} goal {1}")
    @MethodSource("goals")
    void answersMatchBruteForce(Shape shape, String goalName, Board goal) {
        BruteForce oracle = new BruteForce(goal);
        Random random = new Random(shape.size() * 31L + goalName.hashCode());
        int solvable = 0;
        for (int i = 0; i < BOARDS_PER_GOAL; i++) {
            Board start = RandomBoards.shuffled(shape, random);
            int expected = oracle.distance(start);
            SolveResult result = SOLVER.solve(new Puzzle(start, goal));
            if (expected < 0) {
                assertEquals(Outcome.UNSOLVABLE, result.outcome(), start::toString);
                assertFalse(result.solvable());
                assertNull(result.moves());
                continue;
            }
            solvable++;
            assertEquals(Outcome.SOLVED, result.outcome(), start::toString);
            assertTrue(result.optimal());
            assertEquals(expected, result.length(), start::toString);
            assertEquals(goal, start.apply(result.moves()), start::toString);
        }
        assertTrue(solvable > BOARDS_PER_GOAL / 4, "the sample should hold solvable boards");
    }

    @ParameterizedTest(name = "{0} goal {1}")
    @MethodSource("goals")
    void aStarIsOptimalToo(Shape shape, String goalName, Board goal) {
        BruteForce oracle = new BruteForce(goal);
        Random random = new Random(shape.size() * 17L + goalName.hashCode());
        for (int i = 0; i < 60; i++) {
            Board start = RandomBoards.shuffled(shape, random);
            Puzzle puzzle = new Puzzle(start, goal);
            if (!puzzle.isSolvable()) {
                assertEquals(-1, oracle.distance(start));
                continue;
            }
            long now = System.nanoTime();
            SolveResult result = new AStarSearch(shape, puzzle.goalBlank())
                    .solve(puzzle.relabelledStart(), new Budget(SolveOptions.defaults(), now), now);
            assertEquals(oracle.distance(start), result.length(), start::toString);
            assertEquals(goal, start.apply(result.moves()));
            assertTrue(result.optimal());
        }
    }
}
