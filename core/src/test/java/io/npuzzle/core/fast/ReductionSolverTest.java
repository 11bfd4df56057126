package io.npuzzle.core.fast;

import io.npuzzle.core.board.Board;
import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.board.RandomBoards;
import io.npuzzle.core.board.Shape;
import io.npuzzle.core.model.Algorithm;
import io.npuzzle.core.model.Outcome;
import io.npuzzle.core.model.SolveResult;
import io.npuzzle.core.model.Strategy;
import io.npuzzle.core.pdb.LoadPolicy;
import io.npuzzle.core.pdb.PdbHeuristic;
import io.npuzzle.core.pdb.TestDatabases;
import io.npuzzle.core.table.ExactTables;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The reduction alone, finishing with exact tables only: legal answers for every shape and goal. */
class ReductionSolverTest {

    private static final ExactTables TABLES = new ExactTables();
    private static final Finisher TABLES_ONLY = (shape, goalBlank, state) ->
            shape.size() <= ReductionSolver.FINISH_CELLS
                    ? SolveResult.solved(TABLES.get(shape, goalBlank).solve(state), true, 0, 0, Strategy.of(Algorithm.EXACT_TABLE))
                    : null;

    static Stream<Arguments> shapes() {
        return Stream.of(Shape.of(4, 4), Shape.of(5, 5), Shape.of(6, 6), Shape.of(7, 7), Shape.of(8, 8),
                Shape.of(2, 8), Shape.of(8, 2), Shape.of(3, 7), Shape.of(5, 3), Shape.of(4, 6)).map(Arguments::of);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("shapes")
    void answersAreLegalForEveryGoal(Shape shape) {
        Random random = new Random(shape.size());
        Board[] goals = {Board.solved(shape), Board.blankFirst(shape), RandomBoards.shuffled(shape, random)};
        for (Board goal : goals) {
            for (int trial = 0; trial < 2; trial++) {
                Puzzle puzzle = RandomBoards.solvable(goal, random);
                SolveResult result = ReductionSolver.solve(puzzle, System.nanoTime(),
                        ReductionOptions.finishedBy(TABLES_ONLY));
                assertEquals(Outcome.SOLVED, result.outcome());
                assertEquals(goal, puzzle.start().apply(result.moves()), shape + " towards " + goal);
                assertFalse(result.optimal());
                Algorithm first = result.strategy().steps().get(0);
                boolean beamRegion = shape.rows() >= 5 && shape.cols() >= 5 && shape.size() > 25;
                // A beam may run out of time on a busy machine; lines then place the region.
                assertTrue(first == Algorithm.REDUCTION || beamRegion && first == Algorithm.BEAM,
                        shape + ": " + result.strategy());
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("shapes")
    void aSolvedBoardNeedsNoMoves(Shape shape) {
        Board goal = Board.blankFirst(shape);
        SolveResult result = ReductionSolver.solve(new Puzzle(goal, goal), System.nanoTime(),
                ReductionOptions.finishedBy(TABLES_ONLY));
        assertEquals("", result.moves());
    }

    /** A foresight that expects one shape of region to be dear makes a 5x5 board leave the other one. */
    @ParameterizedTest(name = "{0} dear")
    @MethodSource("dearRegions")
    void aForesightSteersWhichLineIsPlacedFirst(Shape dear, Shape left) {
        Shape five = Shape.of(5, 5);
        Puzzle puzzle = RandomBoards.solvable(Board.solved(five), new Random(5));
        List<Shape> regions = new ArrayList<>();
        Finisher recording = (shape, goalBlank, state) -> {
            regions.add(shape);
            return TABLES_ONLY.finish(shape, goalBlank, state);
        };
        RegionCost foresight = (shape, goalBlank, state) -> shape.equals(dear) ? 1_000 : 0;
        SolveResult result = ReductionSolver.solve(puzzle, System.nanoTime(),
                ReductionOptions.finishedBy(recording).withForesight(foresight));
        assertEquals(puzzle.goal(), puzzle.start().apply(result.moves()));
        assertEquals(List.of(five, left), regions.subList(0, 2));
    }

    /** With time enough, beams shrink a region a row and a column at a time and place a 6x6 one whole. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("beamChains")
    void beamsShrinkTheRegionOneRowAndColumnAtATime(Shape shape, List<Shape> regions) {
        Puzzle puzzle = RandomBoards.solvable(Board.solved(shape), new Random(shape.size()));
        List<Shape> offered = new ArrayList<>();
        Finisher recording = (region, goalBlank, state) -> {
            if (offered.isEmpty() || !offered.get(offered.size() - 1).equals(region)) {
                offered.add(region);
            }
            return TABLES_ONLY.finish(region, goalBlank, state);
        };
        SolveResult result = ReductionSolver.solve(puzzle, System.nanoTime(),
                ReductionOptions.finishedBy(recording).withAnswerTime(Duration.ofSeconds(10)));
        assertEquals(puzzle.goal(), puzzle.start().apply(result.moves()));
        assertEquals(regions, offered);
        assertEquals(List.of(Algorithm.BEAM), result.strategy().steps(), "no line placed");
    }

    /**
     * Each beam asks the guide for its region with the goal blank in the region's own corner, and beams on the 6x6
     * region, whose blocks it has, still bring the board home.
     */
    @Test
    void beamsAskTheGuideForEachRegionAndFollowItsBlocks() {
        Shape eight = Shape.of(8, 8);
        Puzzle puzzle = RandomBoards.solvable(Board.solved(eight), new Random(64));
        PdbHeuristic blocks = TestDatabases.shared().heuristic(Shape.of(6, 6), 35, LoadPolicy.LOAD);
        List<String> asked = new ArrayList<>();
        BeamGuide guide = (region, goalBlank) -> {
            asked.add(region + "@" + goalBlank);
            return region.equals(Shape.of(6, 6)) ? blocks : null;
        };
        SolveResult result = ReductionSolver.solve(puzzle, System.nanoTime(),
                ReductionOptions.finishedBy(TABLES_ONLY).withGuide(guide).withAnswerTime(Duration.ofSeconds(10)));
        assertEquals(puzzle.goal(), puzzle.start().apply(result.moves()));
        assertEquals(List.of("8x8@63", "7x7@48", "6x6@35"), asked.stream().distinct().toList());
    }

    static Stream<Arguments> beamChains() {
        return Stream.of(Arguments.of(Shape.of(8, 8), List.of(Shape.of(8, 8), Shape.of(7, 7), Shape.of(6, 6))),
                Arguments.of(Shape.of(7, 7), List.of(Shape.of(7, 7), Shape.of(6, 6))),
                Arguments.of(Shape.of(6, 6), List.of(Shape.of(6, 6))));
    }

    static Stream<Arguments> dearRegions() {
        return Stream.of(Arguments.of(Shape.of(4, 5), Shape.of(5, 4)), Arguments.of(Shape.of(5, 4), Shape.of(4, 5)));
    }

    @Test
    void beamsPlaceTilesOnBoardsOfFiveRowsAndColumnsAtLeastThatAreLargerThanFiveByFive() {
        assertTrue(ReductionSolver.placesByBeams(Shape.of(5, 6)));
        assertTrue(ReductionSolver.placesByBeams(Shape.of(8, 8)));
        assertFalse(ReductionSolver.placesByBeams(Shape.of(5, 5)), "the databases cover 5x5");
        assertFalse(ReductionSolver.placesByBeams(Shape.of(4, 8)), "lines place four rows");
    }
}
