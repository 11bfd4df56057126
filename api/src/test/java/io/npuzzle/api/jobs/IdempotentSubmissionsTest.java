package io.npuzzle.api.jobs;

import io.npuzzle.api.inmemory.JobServiceFixture;
import io.npuzzle.api.jobs.IdempotencyKeys.Claim;
import io.npuzzle.api.problem.ProblemException;
import io.npuzzle.core.model.Mode;
import io.npuzzle.protocol.Hashes;
import io.npuzzle.protocol.Job;
import io.npuzzle.protocol.ProblemType;
import io.npuzzle.protocol.Quality;
import io.npuzzle.protocol.SolveRequest;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static io.npuzzle.api.inmemory.JobServiceFixture.request;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Submissions with an idempotency key, driven through in-memory stand-ins for Redis and Kafka. */
class IdempotentSubmissionsTest {

    private static final Duration AT_MOST = Duration.ofSeconds(5);
    private static final String BOARD = "4 1 3 7 2 6 0 5 8";
    private static final String KEY = "order-17";

    private final JobServiceFixture service = new JobServiceFixture();

    @Test
    void aRetryWithTheSameKeyAndSubmissionGetsTheSameJob() {
        Job first = accept(request(BOARD, 3, 3, Mode.OPTIMAL), KEY);
        // Each request gets a fresh id from the REST layer; the key maps the retry to the first job.
        Job retry = accept(request(BOARD, 3, 3, Mode.OPTIMAL), KEY);

        assertEquals(first.id(), retry.id());
        assertEquals(1, service.queue.queued().size(), "queued once");
        assertEquals(1, service.store.size(), "stored once");
    }

    @Test
    void withoutAKeyEverySubmissionIsANewJob() {
        assertNotEquals(accept(request(BOARD, 3, 3, Mode.OPTIMAL), null).id(),
                accept(request(BOARD, 3, 3, Mode.OPTIMAL), null).id());
        assertEquals(2, service.queue.queued().size());
    }

    @Test
    void theSameKeyWithAnotherSubmissionIsA422Problem() {
        accept(request(BOARD, 3, 3, Mode.OPTIMAL), KEY);

        assertProblem(ProblemType.IDEMPOTENCY_KEY_REUSED, 422,
                () -> accept(request(BOARD, 3, 3, Mode.FAST), KEY));
        assertEquals(1, service.queue.queued().size());
    }

    @Test
    void aKeyWhoseJobIsNotStoredYetIsA409Problem() {
        SolveRequest request = request(BOARD, 3, 3, Mode.OPTIMAL);
        // Claimed by a request that is still being accepted: its job is not in the store yet.
        service.keys.claim(KEY, new Claim(IdempotentSubmissions.fingerprint(request), request.jobId()))
                .await().atMost(AT_MOST);

        assertProblem(ProblemType.IDEMPOTENCY_KEY_IN_USE, 409, () -> accept(request(BOARD, 3, 3, Mode.OPTIMAL), KEY));
    }

    @Test
    void aKeyIsFreedWhenItsSubmissionFailsSoThatTheRetryCreatesTheJob() {
        service.queue.refuse(true);
        assertProblem(ProblemType.UNAVAILABLE, 503, () -> accept(request(BOARD, 3, 3, Mode.OPTIMAL), KEY));
        assertNull(service.keys.claimOf(KEY));

        service.queue.refuse(false);
        Job retry = accept(request(BOARD, 3, 3, Mode.OPTIMAL), KEY);

        assertEquals(retry.id(), service.keys.claimOf(KEY).jobId());
        assertEquals(1, service.queue.queued().size());
    }

    @Test
    void aKeyThatIsEmptyOverlongOrNotVisibleAsciiIsA400Problem() {
        for (String key : List.of("", "k".repeat(256), "a b", "tab\t", "clé")) {
            assertProblem(ProblemType.INVALID_IDEMPOTENCY_KEY, 400,
                    () -> accept(request(BOARD, 3, 3, Mode.OPTIMAL), key));
        }
        assertEquals(List.of(), service.queue.queued());
        accept(request(BOARD, 3, 3, Mode.OPTIMAL), "k".repeat(255));
    }

    @Test
    void theFingerprintKeptInRedisReadsTheModeAsItsWireLabel() {
        SolveRequest request = request(BOARD, 3, 3, Mode.OPTIMAL);

        accept(request, KEY);

        // Keys claimed before the mode was typed must still match: the form of the fingerprint never changes.
        String expected = Hashes.sha256Hex("4 1 3 7 2 6 0 5 8|3x3|1 2 3 4 5 6 7 8 0|optimal");
        assertEquals(expected, service.keys.claimOf(KEY).fingerprint());
        assertEquals(request.jobId(), service.keys.claimOf(KEY).jobId());
    }

    @Test
    void theSameKeyWithAnotherRatioIsAnotherSubmission() {
        accept(request(BOARD, 3, 3, Quality.bounded(1.5)), KEY);
        assertEquals(Hashes.sha256Hex("4 1 3 7 2 6 0 5 8|3x3|1 2 3 4 5 6 7 8 0|bounded-1.5"),
                service.keys.claimOf(KEY).fingerprint());

        assertProblem(ProblemType.IDEMPOTENCY_KEY_REUSED, 422,
                () -> accept(request(BOARD, 3, 3, Quality.bounded(2)), KEY));
    }

    @Test
    void twoApiKeysUsingTheSameIdempotencyKeyGetJobsOfTheirOwn() {
        Job alices = accept(request(BOARD, 3, 3, Mode.OPTIMAL).ownedBy("alice"), KEY);
        Job bobs = accept(request(BOARD, 3, 3, Mode.OPTIMAL).ownedBy("bob"), KEY);

        assertNotEquals(alices.id(), bobs.id());
        assertEquals("bob", bobs.owner());
        assertEquals(alices.id(), accept(request(BOARD, 3, 3, Mode.OPTIMAL).ownedBy("alice"), KEY).id());
    }

    private Job accept(SolveRequest request, String key) {
        return service.submissions.accept(request, JobServiceFixture.CLIENT, key).await().atMost(AT_MOST);
    }

    private static void assertProblem(ProblemType type, int status, Runnable call) {
        ProblemException problem = assertThrows(ProblemException.class, call::run);
        assertTrue(problem.problem().is(type), problem.problem().type());
        assertEquals(status, problem.problem().status());
    }
}
