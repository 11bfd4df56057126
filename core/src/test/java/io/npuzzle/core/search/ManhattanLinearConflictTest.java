package io.npuzzle.core.search;

import io.npuzzle.core.board.Board;
import io.npuzzle.core.board.BoardParser;
import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.board.RandomBoards;
import io.npuzzle.core.board.Shape;
import io.npuzzle.core.table.ExactTable;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ManhattanLinearConflictTest {

    @Test
    void neverOverestimatesOnRandomThreeByThreeBoards() {
        Shape shape = Shape.of(3, 3);
        for (int goalBlank : new int[] {0, 4, 8}) {
            ExactTable table = ExactTable.build(shape, goalBlank);
            ManhattanLinearConflict h = new ManhattanLinearConflict(shape, goalBlank);
            Random random = new Random(goalBlank);
            for (int i = 0; i < 5000; i++) {
                byte[] state = shuffledStart(shape, goalBlank, random);
                int exact = table.distance(state);
                if (exact >= 0) {
                    assertTrue(h.estimate(state) <= exact);
                    assertEquals(exact & 1, h.estimate(state) & 1, "estimates keep the parity of the distance");
                }
            }
        }
    }

    @Test
    void countsLinearConflicts() {
        Shape shape = Shape.of(3, 3);
        ManhattanLinearConflict h = new ManhattanLinearConflict(shape, 8);
        // 2 and 1 swapped in their goal row: Manhattan 2, one conflict adds 2.
        assertEquals(4, h.estimate(BoardParser.parse("2 1 3 4 5 6 7 8 x", shape).tileBytes()));
        // 3 2 1 reversed: two tiles must leave the row, adding 4 to Manhattan 4.
        assertEquals(8, h.estimate(BoardParser.parse("3 2 1 4 5 6 7 8 x", shape).tileBytes()));
        assertEquals(0, h.estimate(Board.solved(shape).tileBytes()));
    }

    @Test
    void eachLineCostsTwoMovesPerTileOutsideItsLongestIncreasingRun() {
        Random random = new Random(8);
        for (int side = 3; side <= 8; side++) {
            Shape shape = Shape.of(side, side + (side < 8 ? 1 : 0));
            int goalBlank = shape.size() - 1;
            ManhattanLinearConflict h = new ManhattanLinearConflict(shape, goalBlank);
            for (int i = 0; i < 300; i++) {
                byte[] state = shuffledStart(shape, goalBlank, random);
                assertEquals(manhattan(shape, goalBlank, state) + conflictsByQuadraticRuns(shape, goalBlank, state),
                        h.estimate(state), shape + " board " + i);
            }
        }
    }

    /**
     * A slide's estimate agrees with a full one. The lines' conflicts add up, with the distance, to the estimate, and
     * a slide changes no line but the one it names, which then counts what {@code lineConflictsAfter} said: a beam
     * keeps each board's lines and recounts only that one.
     */
    @Test
    void aSlideAgreesWithAFullEstimateAndChangesTheConflictsOfNoLineButTheOneItNames() {
        Shape shape = Shape.of(4, 5);
        ManhattanLinearConflict h = new ManhattanLinearConflict(shape, 7);
        Random random = new Random(3);
        byte[] state = shuffledStart(shape, 7, random);
        int estimate = h.estimate(state);
        for (int step = 0; step < 3000; step++) {
            int[] conflicts = new int[h.lines()];
            int sum = 0;
            for (int line = 0; line < h.lines(); line++) {
                conflicts[line] = h.lineConflicts(state, 0, line);
                sum += conflicts[line];
            }
            assertEquals(estimate, manhattan(shape, 7, state) + sum);
            int[] slide = randomSlide(shape, state, random);
            int changed = h.changedLine(state, 0, slide[0], slide[1]);
            int after = changed < 0 ? -1 : h.lineConflictsAfter(state, 0, slide[0], slide[1], changed);
            estimate = h.slide(state, slide[0], slide[1], estimate);
            assertEquals(h.estimate(state), estimate);
            for (int line = 0; line < h.lines(); line++) {
                int expected = line == changed ? after : conflicts[line];
                assertEquals(expected, h.lineConflicts(state, 0, line), "line " + line + " at step " + step);
            }
        }
    }

    /** A random board of the shape, solvable or not, relabelled against the goal whose blank is at {@code goalBlank}. */
    private static byte[] shuffledStart(Shape shape, int goalBlank, Random random) {
        return new Puzzle(RandomBoards.shuffled(shape, random), canonicalGoal(shape, goalBlank)).relabelledStart();
    }

    /** The blank's cell and the cell of a tile beside it, chosen at random. */
    private static int[] randomSlide(Shape shape, byte[] state, Random random) {
        int blank = 0;
        while (state[blank] != 0) {
            blank++;
        }
        int[] offsets = {-shape.cols(), shape.cols(), -1, 1};
        int target;
        do {
            target = blank + offsets[random.nextInt(4)];
        } while (target < 0 || target >= state.length
                || (Math.abs(target - blank) == 1 && target / shape.cols() != blank / shape.cols()));
        return new int[] {blank, target};
    }

    private static int manhattan(Shape shape, int goalBlank, byte[] state) {
        int sum = 0;
        for (int cell = 0; cell < state.length; cell++) {
            if (state[cell] != 0) {
                sum += shape.distance(cell, Puzzle.canonicalGoalCell(state[cell], goalBlank));
            }
        }
        return sum;
    }

    /** Twice the tiles off the longest increasing run of each line, the run found by the textbook quadratic search. */
    private static int conflictsByQuadraticRuns(Shape shape, int goalBlank, byte[] state) {
        int conflicts = 0;
        for (boolean rows : new boolean[] {true, false}) {
            int lines = rows ? shape.rows() : shape.cols();
            int length = rows ? shape.cols() : shape.rows();
            for (int line = 0; line < lines; line++) {
                int[] goals = new int[length];
                int count = 0;
                for (int along = 0; along < length; along++) {
                    int cell = rows ? line * shape.cols() + along : along * shape.cols() + line;
                    if (state[cell] == 0) {
                        continue;
                    }
                    int goal = Puzzle.canonicalGoalCell(state[cell], goalBlank);
                    if ((rows ? shape.row(goal) : shape.col(goal)) == line) {
                        goals[count++] = rows ? shape.col(goal) : shape.row(goal);
                    }
                }
                int[] run = new int[count];
                int longest = 0;
                for (int i = 0; i < count; i++) {
                    run[i] = 1;
                    for (int j = 0; j < i; j++) {
                        if (goals[j] < goals[i]) {
                            run[i] = Math.max(run[i], run[j] + 1);
                        }
                    }
                    longest = Math.max(longest, run[i]);
                }
                conflicts += 2 * (count - longest);
            }
        }
        return conflicts;
    }

    private static Board canonicalGoal(Shape shape, int blank) {
        int[] tiles = new int[shape.size()];
        for (int cell = 0; cell < tiles.length; cell++) {
            tiles[cell] = Puzzle.canonicalLabel(cell, blank);
        }
        return Board.of(shape, tiles);
    }
}
