package io.npuzzle.worker.search;

import io.npuzzle.core.search.SubtreeHistory;
import io.npuzzle.protocol.SearchTask;
import io.npuzzle.protocol.SearchTaskResult;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

class RootFiguresTest {

    private static final String SEARCH = "search-1";
    private static final long UNKNOWN = SubtreeHistory.UNKNOWN;

    @Test
    void eachRootTakesWhatItsTaskCountedForItInTaskOrder() {
        List<SearchTask> tasks = List.of(task(0, "ul", "ur"), task(1, "lu"), task(2, "ld", "rd", "ru"));
        Map<Integer, SearchTaskResult> results = Map.of(
                1, result(1, 7, List.of(7L), List.of(44L)),
                0, result(0, 30, List.of(10L, 20L), List.of(42L, 43L)),
                2, result(2, 6, List.of(1L, 0L, 5L), List.of(45L, UNKNOWN, 46L)));
        assertArrayEquals(new long[] {10, 20, 7, 1, 0, 5}, RootFigures.nodes(tasks, results));
        assertArrayEquals(new long[] {42, 43, 44, 45, UNKNOWN, 46}, RootFigures.approaches(tasks, results));
    }

    @Test
    void aResultThatDoesNotCountItsRootsIsSpreadEvenlyOverThemAndSaysNothingOfTheirApproach() {
        List<SearchTask> tasks = List.of(task(0, "ul", "ur", "lu"));
        Map<Integer, SearchTaskResult> results = Map.of(0, result(0, 30, null, null));
        assertArrayEquals(new long[] {10, 10, 10}, RootFigures.nodes(tasks, results));
        assertArrayEquals(new long[] {UNKNOWN, UNKNOWN, UNKNOWN}, RootFigures.approaches(tasks, results));
    }

    @Test
    void aTaskWithoutAResultCountsNoNodesAndAnUnknownApproach() {
        List<SearchTask> tasks = List.of(task(0, "ul"), task(1, "ur", "lu"));
        Map<Integer, SearchTaskResult> results = Map.of(0, result(0, 4, List.of(4L), List.of(42L)));
        assertArrayEquals(new long[] {4, 0, 0}, RootFigures.nodes(tasks, results));
        assertArrayEquals(new long[] {42, UNKNOWN, UNKNOWN}, RootFigures.approaches(tasks, results));
    }

    private static SearchTask task(int index, String... roots) {
        return new SearchTask(SEARCH, "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15", 4, 4,
                "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0", 40, index, List.of(roots));
    }

    private static SearchTaskResult result(int index, long nodes, List<Long> rootNodes, List<Long> rootApproaches) {
        return new SearchTaskResult(SEARCH, 40, index, null, 42, nodes, rootNodes, rootApproaches, "worker-1");
    }
}
