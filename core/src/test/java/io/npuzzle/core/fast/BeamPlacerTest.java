package io.npuzzle.core.fast;

import io.npuzzle.core.board.Board;
import io.npuzzle.core.board.Move;
import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.board.RandomBoards;
import io.npuzzle.core.board.Shape;
import io.npuzzle.core.pdb.LoadPolicy;
import io.npuzzle.core.pdb.PdbHeuristic;
import io.npuzzle.core.pdb.RegionPatterns;
import io.npuzzle.core.pdb.TestDatabases;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Beams that place the outer tiles of a region, or all of them, by legal moves within the region. */
class BeamPlacerTest {

    /** Time enough for a beam on two busy cores. */
    private static final long SECONDS = 3;
    /** Layers as wide as a one-second answer's. */
    private static final int ONE_SECOND = BeamPlacer.widestFor(ReductionOptions.ANSWER_TIME);

    @Test
    void aBeamPlacesEveryTileOutsideTheBlockAroundTheGoalBlankWhateverTheGoalAndTheKey() {
        Shape seven = Shape.of(7, 7);
        Random random = new Random(7);
        for (BeamKey key : List.of(BeamKey.STANDARD, BeamKey.OUTER_HEAVIER)) {
            for (Board goal : new Board[] {Board.solved(seven), Board.blankFirst(seven), RandomBoards.shuffled(seven, random)}) {
                placesEveryOuterTile(seven, goal, key, random);
            }
        }
    }

    private static void placesEveryOuterTile(Shape seven, Board goal, BeamKey key, Random random) {
        Puzzle puzzle = RandomBoards.solvable(goal, random);
        int goalBlank = puzzle.goalBlank();
        int top = Math.max(0, Math.min(seven.row(goalBlank) - 3, 1));
        int left = Math.max(0, Math.min(seven.col(goalBlank) - 3, 1));
        BeamPlacer.Block block = new BeamPlacer.Block(top, left, 6, 6);
        byte[] state = puzzle.relabelledStart();
        byte[] before = state.clone();
        BeamPlacer beam = new BeamPlacer(seven, key, ONE_SECOND, Long.MAX_VALUE, () -> false);
        BeamPlacer.Placement placement = beam.place(state, puzzle.start().blankIndex(), goalBlank,
                new BeamPlacer.Block(0, 0, 7, 7), block, null, deadline());
        assertNotNull(placement, "no beam towards " + goal);
        assertArrayEquals(before, state, "the board is left unchanged");
        byte[] after = play(seven, state, placement.moves(), new BeamPlacer.Block(0, 0, 7, 7));
        // As the reduction does, a beam that stalls is followed by one from where it stalled; each brings
        // one of the 13 outer tiles home at least.
        for (int beams = 1; !placement.complete(); beams++) {
            assertTrue(beams < 13, "beams stalled towards " + goal);
            placement = beam.place(after, Board.cellOf(after, 0), goalBlank, new BeamPlacer.Block(0, 0, 7, 7), block,
                    null, deadline());
            assertNotNull(placement, "no beam on from where one stalled towards " + goal);
            after = play(seven, after, placement.moves(), new BeamPlacer.Block(0, 0, 7, 7));
        }
        for (int cell = 0; cell < seven.size(); cell++) {
            if (!block.holds(seven.row(cell), seven.col(cell))) {
                assertEquals(Puzzle.canonicalLabel(cell, goalBlank), after[cell], "cell " + cell + " towards " + goal);
            }
        }
    }

    @Test
    void aBeamWithAnEmptyBlockSolvesTheRegionAndLeavesTheCellsOutsideItAlone() {
        solvesTheSixBySixCornerOfAnEightByEight(null);
    }

    /** Keys with the excess of the region's 2x2 blocks (their databases built here, about a second) lead home too. */
    @Test
    void aBeamGuidedByTheRegionsBlocksSolvesItToo() {
        PdbHeuristic blocks = TestDatabases.shared().heuristic(Shape.of(6, 6), 35, LoadPolicy.LOAD);
        solvesTheSixBySixCornerOfAnEightByEight(RegionPatterns.of(blocks, Shape.of(8, 8), 63, 2, 2));
    }

    /**
     * A seeded key solves the region too, by other moves than its weights alone: a round whose keys weigh as an
     * earlier round's do still finds other answers.
     */
    @Test
    void aSeededKeySolvesTheRegionByOtherMovesThanItsWeightsAlone() {
        BeamKey seeded = BeamKey.ofRound(2, false);
        assertEquals(BeamKey.STANDARD.estimateWeight(), BeamKey.ofRound(0, false).estimateWeight());
        assertNotEquals(BeamKey.ofRound(0, false), seeded, "rounds 0 and 2 weigh alike but are seeded apart");
        BeamKey unseeded = new BeamKey(seeded.estimateWeight(), seeded.outerWeight(), 0);
        assertFalse(solvesTheSixBySixCornerOfAnEightByEight(seeded, null)
                .equals(solvesTheSixBySixCornerOfAnEightByEight(unseeded, null)));
    }

    private static String solvesTheSixBySixCornerOfAnEightByEight(RegionPatterns guide) {
        return solvesTheSixBySixCornerOfAnEightByEight(BeamKey.STANDARD, guide);
    }

    private static String solvesTheSixBySixCornerOfAnEightByEight(BeamKey key, RegionPatterns guide) {
        Shape eight = Shape.of(8, 8);
        int goalBlank = eight.size() - 1;
        // A 6x6 region in the bottom right corner, its tiles shuffled; the two outer rows and columns are home.
        Puzzle six = RandomBoards.solvable(Board.solved(Shape.of(6, 6)), new Random(8));
        byte[] state = new byte[eight.size()];
        for (int cell = 0; cell < eight.size(); cell++) {
            state[cell] = (byte) Puzzle.canonicalLabel(cell, goalBlank);
        }
        for (int r = 0; r < 6; r++) {
            for (int c = 0; c < 6; c++) {
                int tile = six.start().tileAt(r * 6 + c);
                state[(r + 2) * 8 + c + 2] = (byte) (tile == 0 ? 0 : (2 + (tile - 1) / 6) * 8 + 2 + (tile - 1) % 6 + 1);
            }
        }
        BeamPlacer.Block region = new BeamPlacer.Block(2, 2, 6, 6);
        BeamPlacer.Placement placement = new BeamPlacer(eight, key, ONE_SECOND, Long.MAX_VALUE, () -> false).place(state, Board.cellOf(state, 0), goalBlank, region,
                new BeamPlacer.Block(0, 0, 0, 0), guide, deadline());
        assertTrue(placement.complete());
        String moves = placement.moves();
        byte[] after = play(eight, state, moves, region);
        for (int cell = 0; cell < eight.size(); cell++) {
            assertEquals(Puzzle.canonicalLabel(cell, goalBlank), after[cell], "cell " + cell);
        }
        assertTrue(moves.length() < 400, moves.length() + " moves for a 6x6 region");
        return moves;
    }

    @Test
    void aBeamOutOfTimeFindsNothing() {
        Shape eight = Shape.of(8, 8);
        Puzzle puzzle = RandomBoards.solvable(Board.solved(eight), new Random(9));
        byte[] state = puzzle.relabelledStart();
        assertNull(new BeamPlacer(eight, BeamKey.STANDARD, ONE_SECOND, Long.MAX_VALUE, () -> false).place(state, puzzle.start().blankIndex(), puzzle.goalBlank(),
                new BeamPlacer.Block(0, 0, 8, 8), new BeamPlacer.Block(1, 1, 7, 7), null, System.nanoTime()));
    }

    @Test
    void aBeamCutShortHandsOverTheBoardWithTheFewestOuterTilesAway() {
        // Fifty layers take a beam some way into the 200 or so it needs, not to the end.
        BeamPlacer.Placement placement = cutShort(
                new BeamPlacer(Shape.of(8, 8), BeamKey.STANDARD, ONE_SECOND, Long.MAX_VALUE, () -> false), 50);
        assertTrue(placement.moves().length() <= 50);
    }

    /** Its trail kept within its memory: a beam given a megabyte stops a few layers in, with what it found so far. */
    @Test
    void aBeamGivenLittleMemoryStopsWithinIt() {
        BeamPlacer.Placement placement = cutShort(
                new BeamPlacer(Shape.of(8, 8), BeamKey.STANDARD, ONE_SECOND, 1 << 20, () -> false), Integer.MAX_VALUE);
        // Half a megabyte of trail at 8 bytes a board, layers of at least 200 boards: a few hundred layers at most.
        assertTrue(placement.moves().length() < (1 << 19) / 8 / 200, placement.moves().length() + " moves");
    }

    /**
     * The placement {@code placer} makes of a random 8x8 board's tiles outside the 7x7 block, in at most
     * {@code maxLayers} layers, checked to be incomplete and to leave fewer outer tiles away than the start.
     */
    private static BeamPlacer.Placement cutShort(BeamPlacer placer, int maxLayers) {
        Shape eight = Shape.of(8, 8);
        int goalBlank = eight.size() - 1;
        Puzzle puzzle = RandomBoards.solvable(Board.solved(eight), new Random(10));
        byte[] state = puzzle.relabelledStart();
        BeamPlacer.Block all = new BeamPlacer.Block(0, 0, 8, 8);
        BeamPlacer.Block block = new BeamPlacer.Block(1, 1, 7, 7);
        BeamPlacer.Placement placement = placer.place(state, puzzle.start().blankIndex(), goalBlank, all, block, null,
                deadline(), maxLayers);
        assertNotNull(placement);
        assertFalse(placement.complete());
        byte[] after = play(eight, state, placement.moves(), all);
        assertTrue(outerAway(eight, after, block, goalBlank) < outerAway(eight, state, block, goalBlank));
        return placement;
    }

    private static int outerAway(Shape shape, byte[] board, BeamPlacer.Block block, int goalBlank) {
        int away = 0;
        for (int cell = 0; cell < shape.size(); cell++) {
            if (!block.holds(shape.row(cell), shape.col(cell)) && board[cell] != Puzzle.canonicalLabel(cell, goalBlank)) {
                away++;
            }
        }
        return away;
    }

    private static long deadline() {
        return System.nanoTime() + SECONDS * 1_000_000_000L;
    }

    /** Plays the moves, each keeping the blank within the region; returns the board after them. */
    private static byte[] play(Shape shape, byte[] state, String moves, BeamPlacer.Block region) {
        byte[] board = state.clone();
        int blank = Board.cellOf(board, 0);
        for (int i = 0; i < moves.length(); i++) {
            int next = shape.neighbour(blank, Move.ofLetter(moves.charAt(i)));
            assertTrue(next >= 0 && region.holds(shape.row(next), shape.col(next)), "move " + i + " leaves the region");
            board[blank] = board[next];
            board[next] = 0;
            blank = next;
        }
        return board;
    }
}
