package io.npuzzle.api.jobs;

import io.npuzzle.api.auth.Caller;
import io.npuzzle.api.inmemory.JobServiceFixture;
import io.npuzzle.api.problem.ProblemException;
import io.npuzzle.core.model.Mode;
import io.npuzzle.protocol.Job;
import io.npuzzle.protocol.Problem;
import io.npuzzle.protocol.ProblemType;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static io.npuzzle.api.inmemory.JobServiceFixture.request;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Batches with an idempotency key, driven through in-memory stand-ins for Redis and Kafka. */
class BatchSubmissionsTest {

    private static final Duration AT_MOST = Duration.ofSeconds(5);
    private static final String KEY = "batch-17";
    private static final Problem REFUSED = ProblemType.INVALID_BOARD.problem("duplicate tile 7");

    private final JobServiceFixture service = new JobServiceFixture();

    @Test
    void aRetryWithTheSameKeyAndBatchGetsTheSameJobsInTheirPlaces() {
        List<Object> first = accept(batch("1 2 3 4 5 6 7 0 8", "4 1 3 7 2 6 0 5 8"), KEY);
        // Each request gets fresh ids from the REST layer; the key maps the retry to the first jobs.
        List<Object> retry = accept(batch("1 2 3 4 5 6 7 0 8", "4 1 3 7 2 6 0 5 8"), KEY);

        assertEquals(ids(first), ids(retry));
        assertEquals(REFUSED, retry.get(1), "a refused entry is refused again");
        assertEquals(2, service.queue.queued().size(), "queued once");
    }

    @Test
    void theSameKeyWithAnotherBatchIsA422Problem() {
        accept(batch("1 2 3 4 5 6 7 0 8", "4 1 3 7 2 6 0 5 8"), KEY);

        ProblemException reused = assertThrows(ProblemException.class,
                () -> accept(batch("4 1 3 7 2 6 0 5 8", "1 2 3 4 5 6 7 0 8"), KEY));
        assertEquals(ProblemType.IDEMPOTENCY_KEY_REUSED.urn(), reused.problem().type());
        assertEquals(2, service.queue.queued().size());
    }

    @Test
    void aKeyUsedForASingleSubmissionIsRefusedForABatch() {
        service.submissions.accept(request("1 2 3 4 5 6 7 0 8", 3, 3, Mode.OPTIMAL), JobServiceFixture.CLIENT, KEY).await().atMost(AT_MOST);

        ProblemException reused = assertThrows(ProblemException.class,
                () -> accept(batch("1 2 3 4 5 6 7 0 8", "4 1 3 7 2 6 0 5 8"), KEY));
        assertEquals(ProblemType.IDEMPOTENCY_KEY_REUSED.urn(), reused.problem().type());
    }

    @Test
    void withoutAKeyEveryBatchMakesNewJobs() {
        List<Object> first = accept(batch("1 2 3 4 5 6 7 0 8", "4 1 3 7 2 6 0 5 8"), null);
        List<Object> second = accept(batch("1 2 3 4 5 6 7 0 8", "4 1 3 7 2 6 0 5 8"), null);

        assertNotEquals(ids(first), ids(second));
        assertEquals(4, service.queue.queued().size());
    }

    @Test
    void twoApiKeysUsingTheSameIdempotencyKeyGetBatchesOfTheirOwn() {
        List<Object> alices = accept(batch("1 2 3 4 5 6 7 0 8", "4 1 3 7 2 6 0 5 8", "alice"), KEY,
                new Caller("alice"));
        List<Object> bobs = accept(batch("1 2 3 4 5 6 7 0 8", "4 1 3 7 2 6 0 5 8", "bob"), KEY, new Caller("bob"));

        assertNotEquals(ids(alices), ids(bobs));
        assertEquals("bob", assertInstanceOf(Job.class, bobs.get(0)).owner());
        assertEquals(ids(alices), ids(accept(batch("1 2 3 4 5 6 7 0 8", "4 1 3 7 2 6 0 5 8", "alice"), KEY,
                new Caller("alice"))));
    }

    /** One valid entry per board, then a refused one, then a last valid one. */
    private static List<BatchEntry> batch(String board, String last) {
        return batch(board, last, null);
    }

    private static List<BatchEntry> batch(String board, String last, String owner) {
        return List.of(new BatchEntry.Valid(request(board, 3, 3, Mode.OPTIMAL).ownedBy(owner)),
                new BatchEntry.Refused(REFUSED),
                new BatchEntry.Valid(request(last, 3, 3, Mode.OPTIMAL).ownedBy(owner)));
    }

    private List<Object> accept(List<BatchEntry> entries, String key) {
        return accept(entries, key, Caller.ANYONE);
    }

    private List<Object> accept(List<BatchEntry> entries, String key, Caller caller) {
        return service.batches.accept(entries, JobServiceFixture.CLIENT, key, caller).await().atMost(AT_MOST);
    }

    private static List<String> ids(List<Object> replies) {
        return List.of(assertInstanceOf(Job.class, replies.get(0)).id(),
                assertInstanceOf(Job.class, replies.get(2)).id());
    }
}
