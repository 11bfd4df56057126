package io.npuzzle.core.search;

import io.npuzzle.core.board.Board;
import io.npuzzle.core.board.BoardParser;
import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.board.Shape;
import io.npuzzle.core.model.ProgressListener;
import io.npuzzle.core.model.SolveOptions;
import io.npuzzle.core.model.SolveResult;
import io.npuzzle.core.pdb.LoadPolicy;
import io.npuzzle.core.pdb.PdbHeuristic;
import io.npuzzle.core.pdb.TestDatabases;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SubtreeSearchTest {

    private static final Shape SHAPE = Shape.of(4, 4);
    /** Korf's instances 1 (57 moves) and 88 (65 moves). */
    private static final String KORF_1 = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3";
    private static final String KORF_88 = "15 2 12 11 14 13 9 5 1 3 8 7 0 10 6 4";

    @Test
    void iterationsCutIntoTasksAndSearchedTaskByTaskFindTheWholeTreesAnswer() {
        for (String tiles : List.of(KORF_1, KORF_88)) {
            Puzzle puzzle = korf(tiles);
            SubtreeSearch split = new SubtreeSearch(heuristic(), puzzle.relabelledStart());
            String expected = wholeTreeAnswer(split);
            for (int tasks : new int[] {1, 7, 64}) {
                assertEquals(expected, splitSolve(split, tasks, null), tasks + " tasks per iteration, " + tiles);
            }
        }
    }

    @Test
    void iterationsWhoseTasksTakeTheirSubtreesNearestAndBusiestFirstFindAnOptimalAnswer() {
        for (String tiles : List.of(KORF_1, KORF_88)) {
            Puzzle puzzle = korf(tiles);
            SubtreeSearch split = new SubtreeSearch(heuristic(), puzzle.relabelledStart());
            String moves = splitSolve(split, 7, new SubtreeHistory());
            assertEquals(puzzle.goal(), puzzle.start().apply(moves), tiles);
            assertEquals(singleThreaded(puzzle).length(), moves.length(), tiles);
        }
    }

    @Test
    void eachRootCountsTheNodesAndTheApproachOfItsSubtreeSearchedAlone() {
        Puzzle puzzle = korf(KORF_88);
        SubtreeSearch split = new SubtreeSearch(heuristic(), puzzle.relabelledStart());
        int bound = split.firstBound() + 6;
        List<String> roots = split.frontier(bound, 40, () -> false).roots().subList(0, 6);
        SubtreeOutcome together = split.search(bound, roots, () -> false, ProgressListener.NONE);
        assertFalse(together.solved());
        assertEquals(together.nodes(), together.rootNodes().stream().mapToLong(Long::longValue).sum());
        for (int i = 0; i < roots.size(); i++) {
            SubtreeOutcome alone = split.search(bound, List.of(roots.get(i)), () -> false, ProgressListener.NONE);
            assertEquals(alone.nodes(), together.rootNodes().get(i), roots.get(i));
            assertEquals(alone.rootApproaches().get(0), together.rootApproaches().get(i), roots.get(i));
        }
        long nearest = together.rootApproaches().stream().mapToLong(Long::longValue).min().orElseThrow();
        assertEquals(SubtreeHistory.approach(together.leastExceeded(), (int) nearest), nearest,
                "the nearest approach is at the least f above the bound");
    }

    @Test
    void theWholeTreeIterationByIterationFindsAnOptimalAnswer() {
        Puzzle puzzle = korf(KORF_1);
        String moves = wholeTreeAnswer(new SubtreeSearch(heuristic(), puzzle.relabelledStart()));
        assertEquals(puzzle.goal(), puzzle.start().apply(moves));
        assertEquals(singleThreaded(puzzle).length(), moves.length());
    }

    @Test
    void aFrontierListsAtLeastTheNodesAskedForInOneDepth() {
        Puzzle puzzle = korf(KORF_88);
        SubtreeSearch split = new SubtreeSearch(heuristic(), puzzle.relabelledStart());
        Frontier frontier = split.frontier(split.firstBound() + 8, 500, () -> false);
        assertTrue(frontier.roots().size() >= 500, "listed " + frontier.roots().size());
        assertTrue(frontier.roots().stream().allMatch(root -> root.length() == frontier.depth()));
        assertEquals(frontier.roots(), split.frontier(split.firstBound() + 8, 500, () -> false).roots(),
                "the same frontier every time, so that another coordinator cuts the same tasks");
    }

    @Test
    void aRootThatAnEarlierPathTurnsIntoTheSameBoardIsSkipped() {
        Puzzle puzzle = korf(KORF_1);
        SubtreeSearch split = new SubtreeSearch(heuristic(), puzzle.relabelledStart());
        int bound = split.firstBound() + 6;
        // From cell 9, six moves clockwise around the block up and to the left, and six anticlockwise: one board.
        SubtreeOutcome pruned = split.search(bound, List.of("lurdlu"), () -> false, ProgressListener.NONE);
        SubtreeOutcome kept = split.search(bound, List.of("uldrul"), () -> false, ProgressListener.NONE);
        assertEquals(0, pruned.nodes());
        assertEquals(Frontier.NONE, pruned.leastExceeded());
        assertFalse(pruned.stopped());
        assertTrue(kept.nodes() > 0);
    }

    @Test
    void rootsThatAreNoPathFromTheStartAreRefused() {
        Puzzle puzzle = korf(KORF_1);
        SubtreeSearch split = new SubtreeSearch(heuristic(), puzzle.relabelledStart());
        int bound = split.firstBound();
        // Korf 1's blank is on cell 9 (row 2, column 1): two moves left leave the board; "ud" undoes itself.
        assertThrows(IllegalArgumentException.class, () -> split.search(bound, List.of("ll"), () -> false,
                ProgressListener.NONE));
        assertThrows(IllegalArgumentException.class, () -> split.search(bound, List.of("ud"), () -> false,
                ProgressListener.NONE));
        assertThrows(IllegalArgumentException.class, () -> split.search(bound, List.of("u", "ur"), () -> false,
                ProgressListener.NONE));
        assertThrows(IllegalArgumentException.class, () -> split.search(bound, List.of("ux"), () -> false,
                ProgressListener.NONE));
    }

    @Test
    void aStoppedSearchSaysSoAndInventsNothing() {
        Puzzle puzzle = korf(KORF_88);
        SubtreeSearch split = new SubtreeSearch(heuristic(), puzzle.relabelledStart());
        AtomicInteger polls = new AtomicInteger();
        SubtreeOutcome outcome = split.search(64, List.of(""), () -> polls.incrementAndGet() > 3, ProgressListener.NONE);
        assertTrue(outcome.stopped());
        assertNull(outcome.solution());
    }

    /**
     * IDA* with the frontier of each iteration cut into {@code tasks} runs, searched in order: the frontier's
     * depth-first order, or nearest and busiest first by the iteration before when a {@code history} is given.
     */
    private static String splitSolve(SubtreeSearch split, int tasks, SubtreeHistory history) {
        int bound = split.firstBound();
        while (true) {
            Frontier frontier = split.frontier(bound, 4 * tasks, () -> false);
            if (frontier.solution() != null) {
                return frontier.solution();
            }
            int least = frontier.leastExceeded();
            List<String> roots = history == null ? frontier.roots() : history.order(frontier.roots());
            long[] rootNodes = new long[roots.size()];
            long[] rootApproaches = new long[roots.size()];
            int count = Math.min(tasks, roots.size());
            for (int task = 0; task < count; task++) {
                int first = roots.size() * task / count;
                SubtreeOutcome outcome = split.search(bound, roots.subList(first, roots.size() * (task + 1) / count),
                        () -> false, ProgressListener.NONE);
                if (outcome.solved()) {
                    return outcome.solution();
                }
                least = Math.min(least, outcome.leastExceeded());
                for (int i = 0; i < outcome.rootNodes().size(); i++) {
                    rootNodes[first + i] = outcome.rootNodes().get(i);
                    rootApproaches[first + i] = outcome.rootApproaches().get(i);
                }
            }
            if (history != null) {
                history.remember(roots, rootNodes, rootApproaches);
            }
            bound = split.nextBound(least);
        }
    }

    /** The first solution of each iteration's whole tree, in depth-first order, iteration by iteration. */
    private static String wholeTreeAnswer(SubtreeSearch split) {
        int bound = split.firstBound();
        while (true) {
            SubtreeOutcome outcome = split.search(bound, List.of(""), () -> false, ProgressListener.NONE);
            if (outcome.solved()) {
                return outcome.solution();
            }
            assertFalse(outcome.stopped());
            bound = split.nextBound(outcome.leastExceeded());
        }
    }

    private static SolveResult singleThreaded(Puzzle puzzle) {
        long now = System.nanoTime();
        return new IdaStarSearch(heuristic(), null, 1).solve(puzzle.relabelledStart(),
                new Budget(SolveOptions.defaults().withBudget(Long.MAX_VALUE, 600_000), now), now);
    }

    private static PdbHeuristic heuristic() {
        return TestDatabases.shared().heuristic(SHAPE, 0, LoadPolicy.LOAD);
    }

    private static Puzzle korf(String tiles) {
        return new Puzzle(BoardParser.parse(tiles, SHAPE), Board.blankFirst(SHAPE));
    }
}
