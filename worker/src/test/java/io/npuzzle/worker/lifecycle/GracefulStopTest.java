package io.npuzzle.worker.lifecycle;

import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GracefulStopTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    @Test
    void aStopWaitsForTheJobsInHandAndTakesNoNewOnes() {
        GracefulStop stop = new GracefulStop(Duration.ofMinutes(1));
        assertTrue(stop.take());
        CompletableFuture<Void> stopped = CompletableFuture.runAsync(() -> stop.onStop(null));
        Awaitility.await().atMost(TIMEOUT).until(stop::stopping);

        assertFalse(stop.take(), "no new job once stopping");
        assertFalse(stopped.isDone(), "still waiting for the job in hand");
        stop.done();
        Awaitility.await().atMost(TIMEOUT).until(stopped::isDone);
        assertEquals(0, stop.inHand());
    }

    @Test
    void aJobUnfinishedAfterTheGracePeriodIsLeftBehind() {
        GracefulStop stop = new GracefulStop(Duration.ofMillis(50));
        assertTrue(stop.take());
        CompletableFuture<Void> stopped = CompletableFuture.runAsync(() -> stop.onStop(null));
        Awaitility.await().atMost(TIMEOUT).until(stopped::isDone);
        assertEquals(1, stop.inHand(), "the job is left for redelivery");
    }
}
