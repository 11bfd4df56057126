package io.npuzzle.core.model;

import org.junit.jupiter.api.Test;

import java.util.OptionalInt;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ProgressPaceTest {

    private static final long START = 1_000_000_000L;
    private static final long GAP = ProgressListener.LEAST_GAP.toNanos();
    private static final long INTERVAL = ProgressListener.INTERVAL.toNanos();
    private static final OptionalInt NONE = OptionalInt.empty();

    @Test
    void aSearchWithoutAnAnswerFirstReportsAfterTheInterval() {
        ProgressPace pace = new ProgressPace(START);
        assertFalse(pace.due(START + GAP, 40, NONE), "a lower bound alone waits for the interval");
        assertFalse(pace.due(START + INTERVAL - 1, 42, NONE));
        assertTrue(pace.due(START + INTERVAL, 42, NONE));
    }

    @Test
    void aFirstAnswerIsReportedAsSoonAsTheGapAfterTheStartHasPassed() {
        ProgressPace pace = new ProgressPace(START);
        assertFalse(pace.due(START + GAP - 1, 40, OptionalInt.of(120)), "nothing within the gap of the start");
        assertFalse(pace.shows(OptionalInt.of(120)));
        assertTrue(pace.due(START + GAP, 40, OptionalInt.of(120)));
        assertTrue(pace.shows(OptionalInt.of(120)));
    }

    @Test
    void eachImprovementIsReportedAtOnceButNeverTwiceWithinTheGap() {
        ProgressPace pace = new ProgressPace(START);
        long now = START + INTERVAL;
        assertTrue(pace.due(now, 40, NONE));
        assertFalse(pace.due(now + GAP - 1, 42, NONE), "a higher lower bound within the gap waits");
        assertTrue(pace.due(now + GAP, 42, NONE), "and is reported once the gap has passed");
        assertFalse(pace.due(now + 2 * GAP, 42, NONE), "nothing improved");
        assertTrue(pace.due(now + 3 * GAP, 42, OptionalInt.of(130)), "an answer");
        assertTrue(pace.due(now + 4 * GAP, 42, OptionalInt.of(126)), "a shorter answer");
        assertFalse(pace.due(now + 5 * GAP, 42, OptionalInt.of(126)));
        assertTrue(pace.due(now + 4 * GAP + INTERVAL, 42, OptionalInt.of(126)), "nothing improved for an interval");
    }

    @Test
    void withinOneGapOnlyOneOfManyCallersReports() {
        ProgressPace pace = new ProgressPace(START);
        int reports = 0;
        for (long now = START; now < START + INTERVAL; now += GAP / 10) {
            reports += pace.due(now, (int) ((now - START) / 1_000_000), OptionalInt.of(200)) ? 1 : 0;
        }
        assertTrue(reports <= INTERVAL / GAP, reports + " reports in one interval");
        assertTrue(reports >= INTERVAL / GAP - 1, reports + " reports of a lower bound rising all the time");
    }
}
