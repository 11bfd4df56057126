package io.npuzzle.worker.lifecycle;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BudgetCheckTest {

    @Test
    void theDefaultsStayWellWithinKafkasLimits() {
        // 8 in flight over 2 solve slots: 4 rounds of at most 5 s, within half of the 60 s record age limit.
        assertNull(BudgetCheck.problem(8, 2, 5_000, 60_000));
    }

    @Test
    void aBudgetThatCouldStallARecordIsRefused() {
        String problem = BudgetCheck.problem(16, 2, 5_000, 60_000);
        assertNotNull(problem);
        assertTrue(problem.contains("40000 ms"), problem);
    }

    @Test
    void aPartlyFilledLastRoundCountsAsAFullOne() {
        assertNotNull(BudgetCheck.problem(5, 2, 10_000, 50_000));
        assertNull(BudgetCheck.problem(4, 2, 10_000, 50_000));
    }
}
