package io.npuzzle.worker.lifecycle;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BudgetCheckTest {

    @Test
    void theDefaultsStayWellWithinKafkasLimits() {
        // 24 in hand over one solve slot: 24 rounds of at most 5 s, within half of the 300 s poll interval.
        assertNull(BudgetCheck.problem(24, 1, 5_000, 300_000));
    }

    @Test
    void aBudgetThatCouldStallARecordIsRefused() {
        String problem = BudgetCheck.problem(16, 2, 5_000, 60_000);
        assertNotNull(problem);
        assertTrue(problem.contains("40000 ms"), problem);
    }

    @Test
    void fewerRecordsInHandThanJobsInFlightAreRefusedNamingBothSettings() {
        String problem = BudgetCheck.handProblem(32, 24);
        assertTrue(problem.contains("npuzzle.worker.in-hand (24)"), problem);
        assertTrue(problem.contains("npuzzle.worker.in-flight (32)"), problem);
    }

    @Test
    void aPartlyFilledLastRoundCountsAsAFullOne() {
        assertNotNull(BudgetCheck.problem(5, 2, 10_000, 50_000));
        assertNull(BudgetCheck.problem(4, 2, 10_000, 50_000));
    }
}
