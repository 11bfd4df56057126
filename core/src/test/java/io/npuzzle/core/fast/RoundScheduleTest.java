package io.npuzzle.core.fast;

import io.npuzzle.core.board.Shape;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RoundScheduleTest {

    private static final long MS = 1_000_000L;
    /** Reduced by several beams in turn. */
    private static final Shape EIGHT = Shape.of(8, 8);
    /** Placed whole by one beam. */
    private static final Shape SIX = Shape.of(6, 6);
    /** Finished by its databases, no beam. */
    private static final Shape FOUR = Shape.of(4, 4);

    /** The rounds' times when each takes exactly what it was given, from a start at zero. */
    private static List<Long> roundsTakingTheirTime(RoundSchedule schedule) {
        List<Long> millis = new ArrayList<>();
        long now = 0;
        for (RoundSchedule.Round round = schedule.next(now); round != null; round = schedule.next(now)) {
            assertEquals(millis.size(), round.index());
            millis.add(round.millis());
            now += round.millis() * MS;
        }
        return millis;
    }

    @Test
    void aOneSecondAnswerOnABoardThatSeveralBeamsReduceIsTwoHalfSecondRounds() {
        assertEquals(List.of(500L, 500L), roundsTakingTheirTime(new RoundSchedule(0, 1000, EIGHT)));
    }

    @Test
    void aBoardPlacedByOneBeamTakesItsFirstSecondInOneRound() {
        assertEquals(List.of(1000L), roundsTakingTheirTime(new RoundSchedule(0, 1000, SIX)));
    }

    @Test
    void aBoardThatNoBeamPlacesHasOneRoundOfAllItsTime() {
        assertEquals(List.of(30_000L), roundsTakingTheirTime(new RoundSchedule(0, 30_000, FOUR)));
    }

    @Test
    void aShortBudgetIsOneRoundOfAllOfIt() {
        assertEquals(List.of(300L), roundsTakingTheirTime(new RoundSchedule(0, 300, EIGHT)));
    }

    @Test
    void roundsAfterTheFirstSecondDoubleAndTheLastTakesWhatTheirShareLeaves() {
        // 29 s left after the first second; rounds take 70 % of it, 20.3 s: 1, 2, 4 and then the 13.3 s left,
        // since 8 s would leave less than twice itself.
        assertEquals(List.of(500L, 500L, 1000L, 2000L, 4000L, 13_300L),
                roundsTakingTheirTime(new RoundSchedule(0, 30_000, EIGHT)));
    }

    @Test
    void aFirstRoundThatRanLateLeavesTheSecondHalfOutAndTheRoundsGoOnFromThere() {
        RoundSchedule schedule = new RoundSchedule(0, 30_000, EIGHT);
        assertEquals(new RoundSchedule.Round(0, 500), schedule.next(0));
        // The first round ended at 800 ms: the 200 ms left of the first second are less than half a round.
        RoundSchedule.Round next = schedule.next(800 * MS);
        assertEquals(2, next.index());
        assertEquals(1000, next.millis());
    }

    @Test
    void aFirstRoundThatStartsLateEndsByTheDeadline() {
        assertEquals(new RoundSchedule.Round(0, 700), new RoundSchedule(0, 1000, SIX).next(300 * MS));
    }

    @Test
    void aFirstRoundThatStartsPastTheDeadlineStillComesWithNoTime() {
        assertEquals(new RoundSchedule.Round(0, 0), new RoundSchedule(0, 100, EIGHT).next(200 * MS));
    }

    @Test
    void noRoundStartsWithLessThanTheLeastRoundLeft() {
        RoundSchedule schedule = new RoundSchedule(0, 1500, SIX);
        assertEquals(new RoundSchedule.Round(0, 1000), schedule.next(0));
        assertNull(schedule.next(1000 * MS));
    }

    @Test
    void longerWindowsAreTriedOnlyWithARoundsWorthOfTimeLeft() {
        RoundSchedule schedule = new RoundSchedule(0, 1000, EIGHT);
        assertTrue(schedule.leavesTimeToShorten(500 * MS));
        assertFalse(schedule.leavesTimeToShorten(700 * MS));
    }
}
