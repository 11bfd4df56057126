package io.npuzzle.core.pdb;

import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.board.Shape;
import io.npuzzle.core.rank.PermutationRank;
import io.npuzzle.core.table.ExactTable;
import org.junit.jupiter.api.Test;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PatternDatabaseBuilderTest {

    private static final Shape EIGHT = Shape.of(3, 3);
    private static final PatternDatabaseBuilder BUILDER = new PatternDatabaseBuilder(2);

    @Test
    void aSingleTileNeedsItsManhattanDistance() {
        Shape shape = Shape.of(4, 4);
        for (int goal : new int[] {0, 5, 11}) {
            PatternDatabase database = BUILDER.build(new Pattern(shape, 1 << goal));
            for (int cell = 0; cell < shape.size(); cell++) {
                assertEquals(shape.distance(goal, cell), database.distance(cell), "goal " + goal + " cell " + cell);
            }
        }
    }

    @Test
    void oneAndTwoThreadsBuildTheSameTable() {
        Pattern pattern = new Pattern(Shape.of(4, 4), 0b0000_0000_0111_0011);
        assertArrayEquals(new PatternDatabaseBuilder(1).build(pattern).packed(), BUILDER.build(pattern).packed());
    }

    @Test
    void aBuildParksWhileItsPaceGivesWayAndThenBuildsTheSameTable() throws Exception {
        Pattern pattern = new Pattern(Shape.of(4, 4), 0b0000_0000_0111_0011);
        AtomicBoolean givesWay = new AtomicBoolean(true);
        CountDownLatch asked = new CountDownLatch(10);
        BuildPace pace = () -> {
            asked.countDown();
            return givesWay.get();
        };
        CompletableFuture<PatternDatabase> build = CompletableFuture.supplyAsync(
                () -> BUILDER.build(pattern, new BuildProgress(pattern.entries()), pace));
        assertTrue(asked.await(10, TimeUnit.SECONDS), "the build asks its pace between chunks");
        assertFalse(build.isDone(), "parked while its pace gives way");
        givesWay.set(false);
        assertArrayEquals(BUILDER.build(pattern).packed(), build.get(10, TimeUnit.SECONDS).packed());
    }

    /**
     * Every solvable 3x3 state, for goals with the blank in a corner, on an edge and in the middle: the sum of
     * the patterns never exceeds the true distance, is zero only at the goal, and with the mirrored partition
     * (blank on the diagonal) the maximum stays admissible too. This exercises the symmetric re-use of
     * databases, since the partitions' patterns are answered by databases of their canonical images.
     */
    @Test
    void additivePatternsNeverOverestimateTheTrueDistance() {
        int[] transpose = Symmetry.transpose(EIGHT);
        for (int goalBlank : new int[] {0, 1, 4, 8}) {
            long free = (1 << 9) - 1 & ~(1 << goalBlank);
            long firstHalf = lowestBits(free, 4);
            long[] partition = {firstHalf, free & ~firstHalf};
            List<long[]> views = transpose[goalBlank] == goalBlank
                    ? List.of(partition, mirrored(partition, transpose))
                    : List.of(partition);
            PdbHeuristic heuristic = PdbHeuristic.assemble(EIGHT, goalBlank, views, BUILDER::build, LayoutWait.AWAIT);
            ExactTable exact = ExactTable.build(EIGHT, goalBlank);
            byte[] state = new byte[9];
            int positive = 0;
            for (long rank = 0; rank < PermutationRank.factorial(9); rank++) {
                PermutationRank.unrank(rank, 9, state);
                int distance = exact.distance(state);
                if (distance < 0) {
                    continue;
                }
                int estimate = heuristic.estimate(state);
                assertTrue(estimate <= distance, "blank " + goalBlank + ": " + estimate + " > " + distance);
                assertEquals(distance == 0, estimate == 0);
                positive += estimate > 0 ? 1 : 0;
            }
            assertEquals(181_439, positive);
        }
    }

    /**
     * A pattern of every tile counts every move, so its database is the exact distance table, built by another
     * search (over permutations): the two must agree on every state of the 8-puzzle and of the seven puzzle, up to
     * the largest entry.
     */
    @Test
    void aPatternOfEveryTileHoldsTheExactDistances() {
        for (Shape shape : List.of(EIGHT, Shape.of(2, 4))) {
            int n = shape.size();
            for (int goalBlank : new int[] {0, n - 1}) {
                long tiles = (1 << n) - 1 & ~(1 << goalBlank);
                PdbHeuristic whole = PdbHeuristic.assemble(shape, goalBlank, List.<long[]>of(new long[] {tiles}),
                        BUILDER::build, LayoutWait.AWAIT);
                ExactTable exact = ExactTable.build(shape, goalBlank);
                byte[] state = new byte[n];
                for (long rank = 0; rank < PermutationRank.factorial(n); rank++) {
                    PermutationRank.unrank(rank, n, state);
                    int distance = exact.distance(state);
                    if (distance >= 0) {
                        // Excess beyond the largest entry is stored as that entry: still admissible.
                        int[] positionOf = new int[n];
                        for (int cell = 0; cell < n; cell++) {
                            positionOf[state[cell]] = cell;
                        }
                        int expected = Math.min(distance, whole.manhattan(positionOf) + 2 * PatternDatabase.MAX_ENTRY);
                        assertEquals(expected, whole.estimate(state), shape + " blank " + goalBlank);
                    }
                }
            }
        }
    }

    /**
     * Tiles 1 and 3 fence the corner blank: their distances then count the moves that bring the blank back into
     * its corner, never fewer than without the fence and more for some placements (tile 1 on cell 2, the blank
     * left outside once it is home).
     */
    @Test
    void aPatternFencingTheBlankCountsTheWayBackIntoItsPocket() {
        Pattern fenced = PdbHeuristic.canonical(EIGHT, 0, 0b1010);
        assertTrue(fenced.fencesBlank());
        assertEquals(new Pattern(EIGHT, 0b1010, 0b1), fenced);
        assertEquals("3x3-0000000a-00000001", fenced.key());
        PatternDatabase withPocket = BUILDER.build(fenced);
        PatternDatabase anywhere = BUILDER.build(new Pattern(EIGHT, 0b1010));
        int larger = 0;
        for (int rank = 0; rank < fenced.entries(); rank++) {
            assertTrue(withPocket.distance(rank) >= anywhere.distance(rank));
            larger += withPocket.distance(rank) > anywhere.distance(rank) ? 1 : 0;
        }
        assertTrue(larger > 0);
        int[] positionOf = new int[9];
        positionOf[1] = 2;
        positionOf[3] = 3;
        int rank = Pattern.rank(9, new int[] {1, 3}, new int[] {0, 1, 2, 3, 4, 5, 6, 7, 8}, positionOf);
        assertEquals(1, anywhere.distance(rank));
        assertEquals(3, withPocket.distance(rank), "tile 1 goes round its home, or tile 3 steps into the corner and back");
    }

    /**
     * On boards past 32 cells (long cell masks, the last cell in the sign bit) every entry is the fewest moves of
     * the pattern's tiles, as a plain search over the tiles' cells and the blank's finds them: moving the blank
     * over a free cell costs nothing, onto a tile one move of that tile.
     */
    @Test
    void patternsOfLargeBoardsHoldTheFewestMovesOfTheirTiles() {
        for (Shape shape : List.of(Shape.of(6, 6), Shape.of(8, 8))) {
            int n = shape.size();
            int[] goals = {n - 2, n - 1 - shape.cols()};
            Pattern pattern = new Pattern(shape, 1L << goals[0] | 1L << goals[1]);
            PatternDatabase database = BUILDER.build(pattern);
            int[] fewest = fewestMovesOfTwoTiles(shape, pattern.cells());
            int[] cells = new int[2];
            for (int rank = 0; rank < pattern.entries(); rank++) {
                pattern.unrank(rank, cells);
                assertEquals(fewest[cells[0] * n + cells[1]], database.distance(rank), shape + " " + cells[0] + "," + cells[1]);
            }
        }
    }

    /** Per placement (first tile's cell * n + second's), the fewest tile moves home, by 0-1 breadth-first search. */
    private static int[] fewestMovesOfTwoTiles(Shape shape, int[] goals) {
        int n = shape.size();
        int[] distance = new int[n * n * n];
        Arrays.fill(distance, Integer.MAX_VALUE);
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        for (int blank = 0; blank < n; blank++) {
            if (blank != goals[0] && blank != goals[1]) {
                int state = (goals[0] * n + goals[1]) * n + blank;
                distance[state] = 0;
                queue.add(state);
            }
        }
        while (!queue.isEmpty()) {
            int state = queue.poll();
            int blank = state % n;
            int first = state / n / n;
            int second = state / n % n;
            for (int to : shape.neighbourCells()[blank]) {
                boolean tileMoves = to == first || to == second;
                int next = ((to == first ? blank : first) * n + (to == second ? blank : second)) * n + to;
                int cost = distance[state] + (tileMoves ? 1 : 0);
                if (cost < distance[next]) {
                    distance[next] = cost;
                    if (tileMoves) {
                        queue.addLast(next);
                    } else {
                        queue.addFirst(next);
                    }
                }
            }
        }
        int[] fewest = new int[n * n];
        Arrays.fill(fewest, Integer.MAX_VALUE);
        for (int state = 0; state < distance.length; state++) {
            int placement = state / n;
            fewest[placement] = Math.min(fewest[placement], distance[state]);
        }
        return fewest;
    }

    /** A pattern answered through a symmetric image's database gives what its own database gives. */
    @Test
    void symmetricImagesAnswerLikeTheirOwnDatabase() {
        int goalBlank = 8;
        long cells = 0b0_0010_0110; // cells 1, 2, 5: not canonical under the square's symmetries
        PatternDatabase own = BUILDER.build(new Pattern(EIGHT, cells));
        long rest = (1 << 8) - 1 & ~cells;
        PdbHeuristic heuristic = PdbHeuristic.assemble(EIGHT, goalBlank, List.<long[]>of(new long[] {cells, rest}),
                BUILDER::build, LayoutWait.AWAIT);
        GroupLookup lookup = heuristic.lookupOf(0, Puzzle.canonicalLabel(1, goalBlank));
        int[] ownCells = new Pattern(EIGHT, cells).cells();
        int[] identity = {0, 1, 2, 3, 4, 5, 6, 7, 8};
        int[] members = new int[ownCells.length];
        for (int i = 0; i < members.length; i++) {
            members[i] = Puzzle.canonicalLabel(ownCells[i], goalBlank);
        }
        Random random = new Random(3);
        byte[] state = new byte[9];
        int[] positionOf = new int[9];
        for (int trial = 0; trial < 2000; trial++) {
            PermutationRank.unrank(random.nextInt((int) PermutationRank.factorial(9)), 9, state);
            for (int cell = 0; cell < 9; cell++) {
                positionOf[state[cell]] = cell;
            }
            assertEquals(own.distance(Pattern.rank(9, members, identity, positionOf)), lookup.value(positionOf));
        }
    }

    private static long lowestBits(long mask, int count) {
        long result = 0;
        for (int i = 0; i < count; i++) {
            result |= Long.lowestOneBit(mask & ~result);
        }
        return result;
    }

    private static long[] mirrored(long[] partition, int[] cellMap) {
        long[] result = new long[partition.length];
        for (int i = 0; i < partition.length; i++) {
            result[i] = Symmetry.apply(cellMap, partition[i]);
        }
        return result;
    }
}
