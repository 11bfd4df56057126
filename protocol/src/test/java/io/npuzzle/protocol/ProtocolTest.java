package io.npuzzle.protocol;

import io.npuzzle.core.model.Algorithm;
import io.npuzzle.core.model.Mode;
import io.npuzzle.core.model.SolveResult;
import io.npuzzle.core.model.Strategy;
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
        assertTrue(optimal.serves(Quality.OPTIMAL) && optimal.serves(Quality.FAST));
        assertTrue(optimal.serves(Quality.bounded(1.01)));
        assertTrue(fast.serves(Quality.FAST));
        assertFalse(fast.serves(Quality.OPTIMAL));
        assertFalse(fast.serves(Quality.bounded(3)));
        assertTrue(unsolvable.serves(Quality.OPTIMAL), "parity proofs hold in every mode");
        assertTrue(unsolvable.serves(Quality.bounded(1.1)));
    }

    @Test
    void aBoundedAnswerServesRequestsItsGuaranteeSatisfies() {
        CachedSolution bounded = new CachedSolution(true, "rlrlr", false, 0.1, 9, 1.5);
        assertTrue(bounded.serves(Quality.bounded(1.5)));
        assertTrue(bounded.serves(Quality.bounded(2)));
        assertFalse(bounded.serves(Quality.bounded(1.25)), "a weaker guarantee than asked for");
        assertFalse(bounded.serves(Quality.OPTIMAL));
        assertTrue(bounded.serves(Quality.FAST));
        assertEquals(1.5, bounded.toResult(false).bound());
        assertFalse(bounded.toResult(false).optimal());
    }

    @Test
    void aFastAnswerServesFastRequestsThatGiveItNoMoreTimeThanItHad() {
        SolveResult found = SolveResult.solved("rlr", false, 9, 1_000_000, Strategy.of(Algorithm.IDA_STAR_PDB))
                .withLowerBound(1).withBound(3.0);
        CachedSolution second = CachedSolution.of(found, Quality.FAST);
        assertEquals(1000L, second.fastMillis());
        assertTrue(second.serves(Quality.FAST));
        assertFalse(second.serves(new Quality(Mode.FAST, null, 5)), "five seconds would improve on it");
        CachedSolution fiveSeconds = CachedSolution.of(found, new Quality(Mode.FAST, null, 5));
        assertTrue(fiveSeconds.serves(new Quality(Mode.FAST, null, 5)) && fiveSeconds.serves(Quality.FAST));
        CachedSolution proven = CachedSolution.of(SolveResult.solved("r", true, 1, 1_000_000,
                Strategy.of(Algorithm.IDA_STAR_PDB)), Quality.FAST);
        assertNull(proven.fastMillis());
        assertTrue(proven.serves(new Quality(Mode.FAST, null, 5)), "no time improves on a proven shortest answer");
        assertTrue(new CachedSolution(true, "rlr", false, 0.1, 9).serves(new Quality(Mode.FAST, null, 5)),
                "entries cached before fast answers recorded their time serve as before");
    }

    @Test
    void anOptimalAnswerHasBoundOneEvenWhenRecordedWithoutOne() {
        assertEquals(1.0, new CachedSolution(true, "r", true, 0.1, 0, null).bound());
        assertEquals(1.0, new JobResult(true, "r", 1, true, false, 0.1, 0, null, null).bound());
        assertNull(new CachedSolution(true, "rlr", false, 0.1, 0).bound());
        assertNull(new CachedSolution(false, null, false, 0.1, 0).toResult(false).bound());
    }

    @Test
    void aRatioGoesWithBoundedModeOnlyAndWithinRange() {
        assertEquals(1.25, new Quality(Mode.BOUNDED, null).ratio(), "the default ratio");
        assertEquals("bounded-1.5", Quality.bounded(1.5).label());
        assertEquals("optimal", new Quality(null, null).label());
        assertThrows(IllegalArgumentException.class, () -> new Quality(Mode.OPTIMAL, 1.5));
        assertThrows(IllegalArgumentException.class, () -> new Quality(Mode.FAST, 2.0));
        assertThrows(IllegalArgumentException.class, () -> Quality.bounded(1.0));
        assertThrows(IllegalArgumentException.class, () -> Quality.bounded(3.5));
        assertThrows(IllegalArgumentException.class, () -> Quality.bounded(Double.NaN));
        assertEquals(Quality.bounded(2), new SolveRequest(REQUEST.jobId(), REQUEST.key(), REQUEST.board(), 3, 3,
                REQUEST.goal(), Mode.BOUNDED, REQUEST.submittedAt(), 2.0).quality());
        assertEquals("npuzzle:solving:k:bounded-2.0", RedisKeys.solving("k", Quality.bounded(2)));
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
    void aFinishedAnnouncementCarriesTheJobOrOnlyItsIdAsAnEarlierReleasePublishedIt() {
        FinishedAnnouncement full = FinishedAnnouncement.parse("id\n{\"a\":\"x\\ny\"}\n{\"b\":1}");
        assertEquals(new FinishedAnnouncement("id", "{\"a\":\"x\\ny\"}", "{\"b\":1}"), full);
        assertTrue(full.carriesTheJob());
        assertEquals(new FinishedAnnouncement("id", null, null), FinishedAnnouncement.parse("id"));
        assertFalse(FinishedAnnouncement.parse("id\n\n{\"b\":1}").carriesTheJob(), "a job without its request");
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
