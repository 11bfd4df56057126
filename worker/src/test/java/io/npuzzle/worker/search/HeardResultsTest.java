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

class HeardResultsTest {

    private static final String SEARCH = "0123456789abcdef0123456789abcdef";
    private static final Duration LONG = Duration.ofSeconds(30);

    private static SearchTaskResult result(String searchId, int index) {
        return new SearchTaskResult(searchId, 70, index, null, 72, 1000, List.of(1000L), List.of(), "worker-1");
    }

    @Test
    void theResultsHeardSinceTheLastWaitAreHandedToTheCoordinatorOnce() {
        HeardResults heard = new HeardResults();
        heard.follow(SEARCH);

        heard.resultArrived(result(SEARCH, 3));
        heard.resultArrived(result(SEARCH, 1));

        assertEquals(List.of(result(SEARCH, 3), result(SEARCH, 1)), heard.await(SEARCH, LONG));
        assertEquals(List.of(), heard.await(SEARCH, Duration.ofMillis(20)), "each is handed over once");
    }

    @Test
    void aWaitingCoordinatorWakesWhenAResultArrives() throws Exception {
        HeardResults heard = new HeardResults();
        heard.follow(SEARCH);
        CompletableFuture<List<SearchTaskResult>> waiting =
                CompletableFuture.supplyAsync(() -> heard.await(SEARCH, LONG));

        heard.resultArrived(result(SEARCH, 0));

        assertEquals(List.of(result(SEARCH, 0)), waiting.get(10, TimeUnit.SECONDS));
    }

    @Test
    void resultsOfSearchesNotCoordinatedHereAreDropped() {
        HeardResults heard = new HeardResults();
        String other = "fedcba9876543210fedcba9876543210";
        heard.follow(SEARCH);

        heard.resultArrived(result(other, 0));
        heard.forget(SEARCH);
        heard.resultArrived(result(SEARCH, 1));

        assertFalse(heard.follows(other));
        assertFalse(heard.follows(SEARCH));
        heard.follow(SEARCH);
        assertTrue(heard.follows(SEARCH));
        assertEquals(List.of(), heard.await(SEARCH, Duration.ofMillis(20)), "nothing kept from before");
    }
}
