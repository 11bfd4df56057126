package io.npuzzle.core.pdb;

import io.npuzzle.core.board.Move;
import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.board.Shape;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayDeque;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PdbHeuristicTest {

    private static final Shape SHAPE = Shape.of(4, 4);
    private static final int RADIUS = 13;

    /**
     * Every 4x4 state within {@value #RADIUS} moves of the goal, found by an independent breadth-first
     * search: the estimate never exceeds the true distance and is zero only at the goal. Goals with the blank
     * in a corner (four views), on the diagonal inside (two) and off the diagonal (one).
     */
    @ParameterizedTest(name = "goal blank {0}")
    @ValueSource(ints = {0, 15, 3, 5, 6})
    void neverOverestimatesNearTheGoal(int goalBlank) {
        PdbHeuristic heuristic = TestDatabases.shared().heuristic(SHAPE, goalBlank, LoadPolicy.LOAD);
        int views = goalBlank == 0 || goalBlank == 3 || goalBlank == 15 ? 4 : Symmetry.transpose(SHAPE)[goalBlank] == goalBlank ? 2 : 1;
        assertEquals(views, heuristic.viewCount());
        byte[] goal = new byte[16];
        for (int cell = 0; cell < 16; cell++) {
            goal[cell] = (byte) Puzzle.canonicalLabel(cell, goalBlank);
        }
        Long2IntOpenHashMap distance = new Long2IntOpenHashMap();
        ArrayDeque<byte[]> queue = new ArrayDeque<>();
        distance.put(pack(goal), 0);
        queue.add(goal);
        int checked = 0;
        while (!queue.isEmpty()) {
            byte[] state = queue.poll();
            int d = distance.get(pack(state));
            int estimate = heuristic.estimate(state);
            assertTrue(estimate <= d, "estimate " + estimate + " above distance " + d);
            assertEquals(d == 0, estimate == 0);
            checked++;
            if (d == RADIUS) {
                continue;
            }
            int blank = 0;
            while (state[blank] != 0) {
                blank++;
            }
            for (Move move : Move.all()) {
                int next = SHAPE.neighbour(blank, move);
                if (next < 0) {
                    continue;
                }
                byte[] child = state.clone();
                child[blank] = child[next];
                child[next] = 0;
                if (!distance.containsKey(pack(child))) {
                    distance.put(pack(child), d + 1);
                    queue.add(child);
                }
            }
        }
        assertTrue(checked > 10_000, "checked " + checked);
    }

    private static long pack(byte[] state) {
        long packed = 0;
        for (byte label : state) {
            packed = packed << 4 | label;
        }
        return packed;
    }
}
