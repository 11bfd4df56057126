package io.npuzzle.api.messaging;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** When waiting outcomes count as stalled: only while the group's committed offsets stand still. */
class OutcomeBacklogTrendTest {

    private static final Instant START = Instant.parse("2026-12-04T00:00:00Z");

    private static Instant at(int seconds) {
        return START.plusSeconds(seconds);
    }

    @Test
    void nothingWaitingIsNeverStalled() {
        OutcomeBacklog.Trend trend = new OutcomeBacklog.Trend(START);
        trend.record(new OutcomeGroup.Backlog(0, 100), at(10));
        trend.record(new OutcomeGroup.Backlog(0, 100), at(100));
        assertEquals(Duration.ZERO, trend.stalledFor(at(200)));
    }

    @Test
    void outcomesThatWaitWhileCommitsMoveOnAreNotStalled() {
        OutcomeBacklog.Trend trend = new OutcomeBacklog.Trend(START);
        trend.record(new OutcomeGroup.Backlog(500, 100), at(10));
        trend.record(new OutcomeGroup.Backlog(400, 300), at(20));
        assertEquals(Duration.ofSeconds(5), trend.stalledFor(at(25)));
    }

    @Test
    void outcomesThatWaitWhileCommitsStandStillAreStalledSinceTheLastMove() {
        OutcomeBacklog.Trend trend = new OutcomeBacklog.Trend(START);
        trend.record(new OutcomeGroup.Backlog(0, 100), at(10));
        trend.record(new OutcomeGroup.Backlog(3, 100), at(20));
        trend.record(new OutcomeGroup.Backlog(7, 100), at(30));
        assertEquals(Duration.ofSeconds(60), trend.stalledFor(at(70)));

        trend.record(new OutcomeGroup.Backlog(0, 107), at(80));
        assertEquals(Duration.ZERO, trend.stalledFor(at(90)));
    }
}
