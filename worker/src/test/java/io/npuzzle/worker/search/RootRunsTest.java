package io.npuzzle.worker.search;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

class RootRunsTest {

    private static final List<String> TEN = List.of("a", "b", "c", "d", "e", "f", "g", "h", "i", "j");

    @Test
    void withoutExpectationsRunsHoldEqualNumbersOfRootsAsTasksAlwaysWereCut() {
        List<List<String>> runs = RootRuns.of(TEN, new long[10], 4);
        assertEquals(List.of(List.of("a", "b"), List.of("c", "d", "e"), List.of("f", "g"), List.of("h", "i", "j")),
                runs);
        for (int count = 1; count <= 10; count++) {
            List<List<String>> cut = RootRuns.of(TEN, new long[10], count);
            for (int index = 0; index < count; index++) {
                assertEquals(TEN.subList(10 * index / count, 10 * (index + 1) / count), cut.get(index),
                        count + " runs, run " + index);
            }
        }
    }

    @Test
    void theLargestRootsMakeARunEachAndTheSmallOnesShareTheRest() {
        long[] weights = {500, 300, 60, 50, 40, 20, 10, 10, 5, 5};
        assertEquals(List.of(List.of("a"), List.of("b"), List.of("c", "d", "e", "f", "g", "h", "i", "j")),
                RootRuns.of(TEN, weights, 3));
    }

    @Test
    void everyRunHoldsARootAndTheRunsTakeEveryRootInOrder() {
        long[] weights = {1000, 1000, 1000, 1, 1, 1, 1, 1, 1, 1};
        List<List<String>> runs = RootRuns.of(TEN, weights, 8);
        assertEquals(8, runs.size());
        assertEquals(TEN, runs.stream().flatMap(List::stream).toList());
        runs.forEach(run -> assertFalse(run.isEmpty(), runs.toString()));
        assertEquals(List.of("a"), runs.get(0));
    }

    @Test
    void fewerRootsThanTasksMakeOneRunEach() {
        assertEquals(List.of(List.of("a"), List.of("b")), RootRuns.of(List.of("a", "b"), new long[] {3, 9}, 16));
    }
}
