package io.npuzzle.worker.search;

import io.npuzzle.protocol.SearchTaskResult;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Hands the coordinator of a split search the results of its tasks as they are heard on the results topic, so that
 * it need not read all of an iteration's results from Redis on every one (an iteration of n tasks cost n such
 * reads of up to n results). Redis stays what counts: a result is recorded there before it is published, and the
 * coordinator still reads them all there now and then, which catches any result not heard.
 */
@ApplicationScoped
public class HeardResults {

    private final ConcurrentHashMap<String, Heard> following = new ConcurrentHashMap<>();

    /** Whether a coordinator of {@code searchId} runs here and would take its results. */
    public boolean follows(String searchId) {
        return following.containsKey(searchId);
    }

    /** A result of a search arrived; handed to its coordinator if it runs here, else dropped. */
    public void resultArrived(SearchTaskResult result) {
        Heard heard = following.get(result.searchId());
        if (heard != null) {
            heard.results.add(result);
            heard.arrivals.release();
        }
    }

    void follow(String searchId) {
        following.put(searchId, new Heard());
    }

    void forget(String searchId) {
        following.remove(searchId);
    }

    /**
     * Waits until a result of the search arrives, at most {@code longest}; returns every result heard since the last
     * call (none when the wait ran out).
     */
    List<SearchTaskResult> await(String searchId, Duration longest) {
        Heard heard = following.get(searchId);
        List<SearchTaskResult> results = new ArrayList<>();
        try {
            if (heard.arrivals.tryAcquire(longest.toNanos(), TimeUnit.NANOSECONDS)) {
                heard.arrivals.drainPermits();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        for (SearchTaskResult result; (result = heard.results.poll()) != null; ) {
            results.add(result);
        }
        return results;
    }

    /** Results of one followed search not taken yet, and a permit for each arrival. */
    private static final class Heard {
        private final Queue<SearchTaskResult> results = new ConcurrentLinkedQueue<>();
        private final Semaphore arrivals = new Semaphore(0);
    }
}
