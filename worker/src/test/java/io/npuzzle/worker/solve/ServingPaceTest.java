package io.npuzzle.worker.solve;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ServingPaceTest {

    private static final Duration RESUME_AFTER = Duration.ofMillis(250);

    private final AtomicLong now = new AtomicLong(1_000_000_000L);
    private final ServingPace pace = new ServingPace(RESUME_AFTER, now::get);

    @Test
    void aWorkerThatHasNotSearchedLetsBuildsGoOn() {
        assertFalse(pace.givesWay());
    }

    @Test
    void buildsGiveWayWhileASearchRuns() {
        assertTrue(pace.serve(pace::givesWay));
    }

    @Test
    void buildsGiveWayUntilTheWorkerHasBeenWithoutSearchesForTheTimeSet() {
        assertEquals("answer", pace.serve(() -> "answer"));
        advance(RESUME_AFTER.minusMillis(1));
        assertTrue(pace.givesWay(), "a steady load's next job is due");
        advance(Duration.ofMillis(1));
        assertFalse(pace.givesWay(), "idle long enough");
    }

    @Test
    void aSearchThatThrowsStillEnds() {
        assertThrows(IllegalStateException.class, () -> pace.serve(() -> {
            throw new IllegalStateException("broken");
        }));
        advance(RESUME_AFTER);
        assertFalse(pace.givesWay());
    }

    @Test
    void buildsGiveWayWhileAnySearchOfSeveralRuns() {
        pace.serve(() -> {
            pace.serve(() -> "a quick one beside");
            advance(RESUME_AFTER);
            assertTrue(pace.givesWay(), "the long search still runs");
            return "the long one";
        });
    }

    private void advance(Duration by) {
        now.addAndGet(by.toNanos());
    }
}
