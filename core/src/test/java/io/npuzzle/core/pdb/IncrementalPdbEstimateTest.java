package io.npuzzle.core.pdb;

import io.npuzzle.core.board.Shape;
import io.npuzzle.core.rank.PermutationRank;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class IncrementalPdbEstimateTest {

    /**
     * Ranked tables (read before their positional layout) and positional ones, two views each, on a wide and a tall
     * board with the goal blank in different corners, so that the databases answer through mirrored and transposed
     * cell maps: along random walks, the estimate of every child of every node, and of a child after undoing moves,
     * equals the estimate from scratch.
     */
    @Test
    void estimatesAlongARandomWalkEqualThoseFromScratchForRankedAndPositionalTables() {
        Random random = new Random(5);
        PatternDatabaseBuilder builder = new PatternDatabaseBuilder(2);
        for (Shape shape : List.of(Shape.of(3, 4), Shape.of(4, 3))) {
            for (int goalBlank : new int[] {0, shape.size() - 1, shape.cols() - 1}) {
                List<long[]> views = List.of(split(shape, goalBlank, false), split(shape, goalBlank, true));
                Map<Pattern, PatternDatabase> built = new HashMap<>();
                PdbHeuristic ranked;
                try (LayoutHold hold = LayoutHold.start()) {
                    ranked = PdbHeuristic.assemble(shape, goalBlank, views,
                            pattern -> built.computeIfAbsent(pattern, builder::build), LayoutWait.IN_BACKGROUND);
                }
                assertTrue(ranked.awaitsLayout(), "read ranked until laid out");
                PdbHeuristic positional = PdbHeuristic.assemble(shape, goalBlank, views, built::get, LayoutWait.AWAIT);
                for (PdbHeuristic heuristic : List.of(ranked, positional)) {
                    walk(heuristic, random);
                }
            }
        }
    }

    /** The cells but the goal blank, in row or column order, cut into a six-tile and a five-tile pattern. */
    private static long[] split(Shape shape, int goalBlank, boolean byColumn) {
        long first = 0;
        long second = 0;
        int taken = 0;
        for (int i = 0; i < shape.size(); i++) {
            int cell = byColumn ? (i % shape.rows()) * shape.cols() + i / shape.rows() : i;
            if (cell != goalBlank) {
                if (taken++ < 6) {
                    first |= 1L << cell;
                } else {
                    second |= 1L << cell;
                }
            }
        }
        return new long[] {first, second};
    }

    private static void walk(PdbHeuristic heuristic, Random random) {
        Shape shape = heuristic.shape();
        int n = shape.size();
        byte[] state = new byte[n];
        PermutationRank.unrank(random.nextInt(479_001_600), n, state);
        int[] labelAt = new int[n];
        int[] positionOf = new int[n];
        for (int cell = 0; cell < n; cell++) {
            labelAt[cell] = state[cell];
            positionOf[state[cell]] = cell;
        }
        IncrementalPdbEstimate estimate = new IncrementalPdbEstimate(heuristic, positionOf, 200);
        assertEquals(heuristic.estimate(positionOf.clone()), estimate.reset(0));
        int blank = positionOf[0];
        int[] fromOf = new int[200];
        int[] labelOf = new int[200];
        for (int depth = 0; depth < 150; depth++) {
            int[] cells = shape.neighbourCells()[blank];
            int[] moves = shape.neighbourMoves()[blank];
            for (int i = 0; i < cells.length; i++) { // every child, as a search estimates them before entering one
                int[] childPositions = positionOf.clone();
                childPositions[labelAt[cells[i]]] = blank;
                childPositions[0] = cells[i];
                assertEquals(heuristic.estimate(childPositions),
                        estimate.child(depth, labelAt[cells[i]], cells[i], blank, moves[i], Integer.MAX_VALUE),
                        "moving " + labelAt[cells[i]] + " at depth " + depth);
            }
            int choice = random.nextInt(cells.length);
            int from = cells[choice];
            int label = labelAt[from];
            estimate.child(depth, label, from, blank, moves[choice], Integer.MAX_VALUE);
            estimate.apply(depth, label, blank);
            labelAt[blank] = label;
            labelAt[from] = 0;
            positionOf[label] = blank;
            positionOf[0] = from;
            fromOf[depth] = from;
            labelOf[depth] = label;
            blank = from;
        }
        for (int depth = 149; depth >= 100; depth--) {
            int label = labelOf[depth];
            int to = positionOf[label];
            estimate.undo(depth, label, fromOf[depth]);
            labelAt[fromOf[depth]] = label;
            labelAt[to] = 0;
            positionOf[label] = fromOf[depth];
            positionOf[0] = to;
            blank = to;
        }
        int label = labelAt[shape.neighbourCells()[blank][0]];
        int from = shape.neighbourCells()[blank][0];
        int child = estimate.child(100, label, from, blank, shape.neighbourMoves()[blank][0], Integer.MAX_VALUE);
        positionOf[label] = blank;
        positionOf[0] = from;
        assertEquals(heuristic.estimate(positionOf), child, "a child of the node the undos returned to");
    }
}
