package io.npuzzle.worker.solve;

import io.npuzzle.core.model.Mode;
import io.npuzzle.protocol.JobIds;
import io.npuzzle.protocol.SolveRequest;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

class InFlightPlacesTest {

    private static final Duration AT_MOST = Duration.ofSeconds(5);
    private static final String FOUR_BY_FOUR = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15";
    private static final String FIVE_BY_FIVE =
            "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 0 24";

    private final ExecutorService threads = Executors.newCachedThreadPool();

    @AfterEach
    void stop() {
        threads.shutdownNow();
    }

    private static SolveRequest quick(String owner) {
        return new SolveRequest(JobIds.next(), null, FOUR_BY_FOUR, 4, 4, null, Mode.OPTIMAL, Instant.now(), null,
                owner);
    }

    /** Enters on a thread of its own, which keeps the place; completes once it has one. */
    private CompletableFuture<InFlightPlaces.Place> enterAside(InFlightPlaces places, SolveRequest request) {
        return CompletableFuture.supplyAsync(() -> places.enter(request), threads);
    }

    @Test
    void aQuietOwnersJobTakesAPlaceAtOnceWhileAFloodHoldsEveryPlaceAndWaitsForMore() throws Exception {
        InFlightPlaces places = new InFlightPlaces(2);
        places.enter(quick("flood"));
        places.enter(quick("flood"));
        CompletableFuture<InFlightPlaces.Place> floodsThird = enterAside(places, quick("flood"));
        Awaitility.await().atMost(AT_MOST).until(() -> places.waiting() == 1);

        enterAside(places, quick("quiet")).get(AT_MOST.toMillis(), TimeUnit.MILLISECONDS);

        assertFalse(floodsThird.isDone(), "the flood gets no place past its own");
        assertEquals(2, places.heldBy("flood"));
        assertEquals(1, places.heldBy("quiet"));
    }

    @Test
    void aPlaceGivenBackGoesToAJobWaitingForOne() throws Exception {
        InFlightPlaces places = new InFlightPlaces(1);
        InFlightPlaces.Place held = places.enter(quick("flood"));
        CompletableFuture<InFlightPlaces.Place> next = enterAside(places, quick("flood"));
        Awaitility.await().atMost(AT_MOST).until(() -> places.waiting() == 1);

        held.close();

        next.get(AT_MOST.toMillis(), TimeUnit.MILLISECONDS);
        assertEquals(0, places.waiting());
    }

    @Test
    void heavyJobsTakeNoPlace() throws Exception {
        InFlightPlaces places = new InFlightPlaces(1);
        places.enter(quick("flood"));
        SolveRequest heavy = new SolveRequest(JobIds.next(), null, FIVE_BY_FIVE, 5, 5, null, Mode.OPTIMAL,
                Instant.now(), null, "flood");

        enterAside(places, heavy).get(AT_MOST.toMillis(), TimeUnit.MILLISECONDS);
    }
}
