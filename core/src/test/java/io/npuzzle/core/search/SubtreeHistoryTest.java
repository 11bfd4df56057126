package io.npuzzle.core.search;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static io.npuzzle.core.search.SubtreeHistory.UNKNOWN;
import static io.npuzzle.core.search.SubtreeHistory.approach;

class SubtreeHistoryTest {

    @Test
    void subtreesAreSearchedBusiestFirstAndTheRestInTheirListedOrder() {
        SubtreeHistory history = new SubtreeHistory();
        history.remember(new long[] {5, 7, 9, 11}, new long[] {10, 30, 20, 0}, unknown(4), 4);
        assertArrayEquals(new long[] {7, 9, 5, 1, 11, 3}, history.order(new long[] {1, 9, 7, 5, 11, 3}, 4));
    }

    @Test
    void subtreesThatCameNearerASolutionGoFirstThenTheBusiest() {
        SubtreeHistory history = new SubtreeHistory();
        history.remember(new long[] {5, 7, 9, 11, 13}, new long[] {10, 30, 20, 50, 40},
                new long[] {approach(62, 9), approach(62, 20), approach(64, 3), UNKNOWN, approach(62, 9)}, 4);
        assertArrayEquals(new long[] {13, 5, 7, 9, 11, 1}, history.order(new long[] {1, 5, 7, 9, 11, 13}, 4));
    }

    @Test
    void deeperRootsTakeTheirAncestorsApproachAndShallowerOnesTheNearestOfTheirDescendants() {
        SubtreeHistory history = new SubtreeHistory();
        history.remember(List.of("ul", "ur", "lu"), new long[] {5, 40, 9},
                new long[] {approach(50, 4), approach(50, 7), approach(52, 1)});
        assertEquals(List.of("uld", "urd", "luu", "rdd"), history.order(List.of("rdd", "luu", "urd", "uld")));
        history.remember(List.of("ulu", "uld", "uru", "luu"), new long[] {30, 25, 40, 20},
                new long[] {approach(50, 8), approach(50, 6), approach(50, 7), UNKNOWN});
        assertEquals(List.of("ul", "ur", "lu"), history.order(List.of("lu", "ur", "ul")));
    }

    @Test
    void onlyTheLastIterationCounts() {
        SubtreeHistory history = new SubtreeHistory();
        history.remember(new long[] {1, 2}, new long[] {5, 50}, new long[] {approach(40, 1), approach(40, 2)}, 4);
        history.remember(new long[] {1, 3}, new long[] {8, 4}, unknown(2), 4);
        assertArrayEquals(new long[] {1, 3, 2}, history.order(new long[] {1, 2, 3}, 4));
    }

    @Test
    void withoutHistoryTheListedOrderStays() {
        assertArrayEquals(new long[] {4, 2, 8}, new SubtreeHistory().order(new long[] {4, 2, 8}, 4));
    }

    @Test
    void rootsDeeperThanTheRememberedOnesCountTheirAncestorsNodes() {
        SubtreeHistory history = new SubtreeHistory();
        history.remember(List.of("ul", "ur", "lu"), new long[] {5, 40, 9}, unknown(3));
        assertEquals(List.of("urd", "uru", "luu", "ulu", "uld", "rdd"),
                history.order(List.of("ulu", "uld", "urd", "uru", "luu", "rdd")));
        assertArrayEquals(new long[] {5, 40, 0}, history.nodesOf(List.of("uld", "urd", "rdd")));
    }

    @Test
    void rootsShallowerThanTheRememberedOnesCountTheSumOfTheirDescendants() {
        SubtreeHistory history = new SubtreeHistory();
        history.remember(List.of("ulu", "uld", "uru", "luu", "lur"), new long[] {30, 25, 40, 20, 15}, unknown(5));
        assertEquals(List.of("ul", "ur", "lu", "rd"), history.order(List.of("rd", "ul", "ur", "lu")));
        assertArrayEquals(new long[] {55, 35, 0}, history.nodesOf(List.of("ul", "lu", "rd")));
    }

    private static long[] unknown(int roots) {
        long[] approaches = new long[roots];
        Arrays.fill(approaches, UNKNOWN);
        return approaches;
    }
}
