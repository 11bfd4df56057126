package io.npuzzle.worker.search;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class TaskCutsTest {

    private final TaskCuts cuts = new TaskCuts(256, 1_000);

    @Test
    void anIterationOfUnknownSizeGetsTheMostTasks() {
        assertEquals(-1, cuts.expectedNext());
        assertEquals(256, cuts.next());
    }

    @Test
    void oneIterationIsGrownByTheAssumedFactor() {
        cuts.ended(10_000);

        assertEquals((long) (10_000 * TaskCuts.FIRST_GROWTH), cuts.expectedNext());
        assertEquals(60, cuts.next());
    }

    @Test
    void theNextIterationGrowsAsTheLastOneDidAndIsCutPerTaskNodes() {
        cuts.ended(10_000);
        cuts.ended(50_000);

        assertEquals(250_000, cuts.expectedNext());
        assertEquals(250, cuts.next());
    }

    @Test
    void tasksStayWithinTheFewestAndTheMost() {
        cuts.ended(100);
        assertEquals(TaskCuts.MIN_TASKS, cuts.next(), "600 nodes foreseen: still enough tasks to share");
        cuts.ended(100_000);
        assertEquals(256, cuts.next(), "3 M nodes foreseen, growth at most 30");
    }

    @Test
    void aMeasuredGrowthIsKeptWithinBounds() {
        cuts.ended(1);
        cuts.ended(1_000);
        assertEquals(30_000, cuts.expectedNext(), "growth at most 30");

        cuts.ended(10);
        assertEquals(10, cuts.expectedNext(), "a smaller iteration does not foresee a shrinking one");
    }

    @Test
    void anIterationTakenOverIsCutAsItsCoordinatorCutItThenSizedAgain() {
        cuts.ended(10_000);
        cuts.takenOver(37);

        assertEquals(37, cuts.next());
        assertEquals(60, cuts.next());
    }
}
