package io.npuzzle.core.search;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

class SubtreeHistoryTest {

    @Test
    void subtreesAreSearchedBusiestFirstAndTheRestInTheirListedOrder() {
        SubtreeHistory history = new SubtreeHistory();
        history.remember(iteration(new long[] {5, 7, 9, 11}, new long[] {10, 30, 20, 0}));
        assertArrayEquals(new long[] {7, 9, 5, 1, 11, 3}, history.order(new long[] {1, 9, 7, 5, 11, 3}));
    }

    @Test
    void onlyTheLastIterationCounts() {
        SubtreeHistory history = new SubtreeHistory();
        history.remember(iteration(new long[] {1, 2}, new long[] {5, 50}));
        history.remember(iteration(new long[] {1, 3}, new long[] {8, 4}));
        assertArrayEquals(new long[] {1, 3, 2}, history.order(new long[] {1, 2, 3}));
    }

    @Test
    void withoutHistoryTheListedOrderStays() {
        assertArrayEquals(new long[] {4, 2, 8}, new SubtreeHistory().order(new long[] {4, 2, 8}));
    }

    private static IdaStarIteration iteration(long[] roots, long[] nodes) {
        IdaStarIteration iteration = new IdaStarIteration(40, null);
        iteration.setRoots(roots);
        System.arraycopy(nodes, 0, iteration.rootNodes, 0, nodes.length);
        return iteration;
    }
}
