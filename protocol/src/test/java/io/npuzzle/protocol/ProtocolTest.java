package io.npuzzle.protocol;

import io.npuzzle.core.solve.Mode;
import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ProtocolTest {

    private static final SolveRequest REQUEST = new SolveRequest(JobIds.next(), "3x3:8:12345670", "1 2 3 4 5 6 7 0 8",
            3, 3, "1 2 3 4 5 6 7 8 0", Mode.OPTIMAL, Instant.now());

    @Test
    void anOptimalAnswerServesEveryModeAndAFastOneOnlyFastRequests() {
        CachedSolution optimal = new CachedSolution(true, "r", true, 0.1, 0);
        CachedSolution fast = new CachedSolution(true, "rlr", false, 0.1, 9);
        CachedSolution unsolvable = new CachedSolution(false, null, false, 0.1, 0);
        assertTrue(optimal.serves(Mode.OPTIMAL) && optimal.serves(Mode.FAST));
        assertTrue(fast.serves(Mode.FAST));
        assertFalse(fast.serves(Mode.OPTIMAL));
        assertTrue(unsolvable.serves(Mode.OPTIMAL), "parity proofs hold in every mode");
    }

    @Test
    void aCachedAnswerBecomesAResultWithItsLength() {
        JobResult result = new CachedSolution(true, "rdl", true, 1.5, 7).toResult(true);
        assertEquals(3, result.length());
        assertTrue(result.cached());
        assertNull(new CachedSolution(false, null, false, 0, 0).toResult(false).length());
    }

    @Test
    void aJobsStatusFollowsWhatRedisHolds() {
        assertEquals(JobStatus.QUEUED, Job.of(REQUEST, false, null).status());
        assertEquals(JobStatus.RUNNING, Job.of(REQUEST, true, null).status());
        SolveOutcome failed = SolveOutcome.failed(REQUEST.jobId(), ProblemType.BUDGET_EXCEEDED.problem("too hard"), "w");
        Job job = Job.of(REQUEST, true, failed);
        assertEquals(JobStatus.FAILED, job.status());
        assertEquals("/api/v1/jobs/" + REQUEST.jobId(), job.error().instance());
        assertEquals(failed.finishedAt(), job.finishedAt());
    }

    @Test
    void onlyIssuedJobIdsReachARedisKey() {
        assertTrue(JobIds.isWellFormed(JobIds.next()));
        assertFalse(JobIds.isWellFormed("00000000-0000-0000-0000-000000000000"), "not version 4");
        assertFalse(JobIds.isWellFormed("npuzzle:solution:*"));
        assertFalse(JobIds.isWellFormed(null));
        assertThrows(IllegalArgumentException.class, () -> RedisKeys.job("../../etc"));
        assertEquals("npuzzle:job:" + REQUEST.jobId(), RedisKeys.job(REQUEST.jobId()));
    }

    @Test
    void aCancelledJobIsFinishedWithNeitherResultNorError() {
        Job job = Job.of(REQUEST, true, SolveOutcome.cancelled(REQUEST.jobId(), "api"));
        assertEquals(JobStatus.CANCELLED, job.status());
        assertTrue(job.status().isFinished());
        assertNull(job.result());
        assertNull(job.error());
    }

    @Test
    void anIdempotencyKeyReachesRedisOnlyHashed() {
        String key = RedisKeys.idempotency("npuzzle:job:* \u0000 anything");
        assertTrue(key.matches("npuzzle:idempotency:[0-9a-f]{64}"), key);
        assertEquals(key, RedisKeys.idempotency("npuzzle:job:* \u0000 anything"));
    }

    @Test
    void everyProblemTypeIsAUrnOfItsOwnAndABareStatusFindsItsType() {
        assertEquals(ProblemType.values().length,
                java.util.Arrays.stream(ProblemType.values()).map(ProblemType::urn).distinct().count());
        assertEquals("urn:npuzzle:problem:request-entity-too-large", ProblemType.forStatus(413).urn());
        assertEquals(ProblemType.NOT_FOUND, ProblemType.forStatus(404), "not the catalogue's job-not-found");
        assertEquals(ProblemType.BAD_REQUEST, ProblemType.forStatus(418));
        assertEquals(ProblemType.INTERNAL_ERROR, ProblemType.forStatus(502));
        assertTrue(ProblemType.JOB_FINISHED.problem("done").is(ProblemType.JOB_FINISHED));
    }

    @Test
    void theStartScriptsVerdictsAreTyped() {
        assertEquals(JobScripts.Started.EXHAUSTED, JobScripts.Started.of("exhausted"));
        assertEquals(JobScripts.Started.RUN, JobScripts.Started.of("start"));
        assertThrows(IllegalArgumentException.class, () -> JobScripts.Started.of("maybe"));
        assertEquals(JobScripts.Cancelled.FINISHED, JobScripts.Cancelled.of(-1));
    }
}
