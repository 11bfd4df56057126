package io.npuzzle.worker.search;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class IterationSizesTest {

    private final IterationSizes sizes = new IterationSizes();

    @Test
    void nothingIsForeseenBeforeAnIterationEnded() {
        assertEquals(-1, sizes.expectedNext());
    }

    @Test
    void oneIterationIsGrownByTheAssumedFactor() {
        sizes.ended(1_000);

        assertEquals((long) (1_000 * IterationSizes.FIRST_GROWTH), sizes.expectedNext());
    }

    @Test
    void theNextIterationGrowsAsTheLastOneDid() {
        sizes.ended(1_000);
        sizes.ended(5_000);

        assertEquals(25_000, sizes.expectedNext());
    }

    @Test
    void aMeasuredGrowthIsKeptWithinBounds() {
        sizes.ended(1);
        sizes.ended(1_000);
        assertEquals(30_000, sizes.expectedNext(), "growth at most 30");

        sizes.ended(10);
        assertEquals(10, sizes.expectedNext(), "a smaller iteration does not foresee a shrinking one");
    }
}
