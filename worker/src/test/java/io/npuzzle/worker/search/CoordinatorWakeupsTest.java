package io.npuzzle.worker.search;

import io.npuzzle.protocol.SearchTaskResult;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CoordinatorWakeupsTest {

    private static final String SEARCH = "0123456789abcdef0123456789abcdef";
    private static final Duration LONG = Duration.ofSeconds(30);

    private static SearchTaskResult result(String searchId, int index) {
        return new SearchTaskResult(searchId, 70, index, null, 72, 1000, "worker-1");
    }

    @Test
    void theResultsHeardSinceTheLastWaitAreHandedToTheCoordinatorOnce() {
        CoordinatorWakeups wakeups = new CoordinatorWakeups();
        wakeups.follow(SEARCH);

        wakeups.resultArrived(result(SEARCH, 3));
        wakeups.resultArrived(result(SEARCH, 1));

        assertEquals(List.of(result(SEARCH, 3), result(SEARCH, 1)), wakeups.await(SEARCH, LONG));
        assertEquals(List.of(), wakeups.await(SEARCH, Duration.ofMillis(20)), "each is handed over once");
    }

    @Test
    void aWaitingCoordinatorWakesWhenAResultArrives() throws Exception {
        CoordinatorWakeups wakeups = new CoordinatorWakeups();
        wakeups.follow(SEARCH);
        CompletableFuture<List<SearchTaskResult>> waiting =
                CompletableFuture.supplyAsync(() -> wakeups.await(SEARCH, LONG));

        wakeups.resultArrived(result(SEARCH, 0));

        assertEquals(List.of(result(SEARCH, 0)), waiting.get(10, TimeUnit.SECONDS));
    }

    @Test
    void resultsOfSearchesNotCoordinatedHereAreDropped() {
        CoordinatorWakeups wakeups = new CoordinatorWakeups();
        String other = "fedcba9876543210fedcba9876543210";
        wakeups.follow(SEARCH);

        wakeups.resultArrived(result(other, 0));
        wakeups.forget(SEARCH);
        wakeups.resultArrived(result(SEARCH, 1));

        assertFalse(wakeups.follows(other));
        assertFalse(wakeups.follows(SEARCH));
        wakeups.follow(SEARCH);
        assertTrue(wakeups.follows(SEARCH));
        assertEquals(List.of(), wakeups.await(SEARCH, Duration.ofMillis(20)), "nothing kept from before");
    }
}
