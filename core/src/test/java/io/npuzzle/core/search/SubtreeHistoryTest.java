package io.npuzzle.core.search;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

class SubtreeHistoryTest {

    @Test
    void subtreesAreSearchedBusiestFirstAndTheRestInTheirListedOrder() {
        SubtreeHistory history = new SubtreeHistory();
        history.remember(new long[] {5, 7, 9, 11}, new long[] {10, 30, 20, 0}, 4);
        assertArrayEquals(new long[] {7, 9, 5, 1, 11, 3}, history.order(new long[] {1, 9, 7, 5, 11, 3}, 4));
    }

    @Test
    void onlyTheLastIterationCounts() {
        SubtreeHistory history = new SubtreeHistory();
        history.remember(new long[] {1, 2}, new long[] {5, 50}, 4);
        history.remember(new long[] {1, 3}, new long[] {8, 4}, 4);
        assertArrayEquals(new long[] {1, 3, 2}, history.order(new long[] {1, 2, 3}, 4));
    }

    @Test
    void withoutHistoryTheListedOrderStays() {
        assertArrayEquals(new long[] {4, 2, 8}, new SubtreeHistory().order(new long[] {4, 2, 8}, 4));
    }

    @Test
    void rootsDeeperThanTheRememberedOnesCountTheirAncestorsNodes() {
        SubtreeHistory history = new SubtreeHistory();
        history.remember(List.of("ul", "ur", "lu"), new long[] {5, 40, 9});
        assertEquals(List.of("urd", "uru", "luu", "ulu", "uld", "rdd"),
                history.order(List.of("ulu", "uld", "urd", "uru", "luu", "rdd")));
        assertArrayEquals(new long[] {5, 40, 0}, history.nodesOf(List.of("uld", "urd", "rdd")));
    }

    @Test
    void rootsShallowerThanTheRememberedOnesCountTheSumOfTheirDescendants() {
        SubtreeHistory history = new SubtreeHistory();
        history.remember(List.of("ulu", "uld", "uru", "luu", "lur"), new long[] {30, 25, 40, 20, 15});
        assertEquals(List.of("ul", "ur", "lu", "rd"), history.order(List.of("rd", "ul", "ur", "lu")));
        assertArrayEquals(new long[] {55, 35, 0}, history.nodesOf(List.of("ul", "lu", "rd")));
    }
}
