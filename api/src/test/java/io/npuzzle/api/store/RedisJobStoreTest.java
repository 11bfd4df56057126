package io.npuzzle.api.store;

import io.npuzzle.api.PipelineResource;
import io.npuzzle.api.inmemory.JobServiceFixture;
import io.npuzzle.api.jobs.Cancellation;
import io.npuzzle.api.jobs.FinishedJob;
import io.npuzzle.api.jobs.JobWaiters;
import io.npuzzle.api.jobs.Redrive;
import io.npuzzle.api.jobs.StaleJobs;
import io.npuzzle.core.model.Mode;
import io.npuzzle.core.solve.SolveCost;
import io.npuzzle.protocol.CachedSolution;
import io.npuzzle.protocol.Job;
import io.npuzzle.protocol.JobIds;
import io.npuzzle.protocol.JobScripts.Cancelled;
import io.npuzzle.protocol.JobStatus;
import io.npuzzle.protocol.JobResult;
import io.npuzzle.protocol.RedisKeys;
import io.npuzzle.protocol.SolveOutcome;
import io.npuzzle.protocol.SolveRequest;
import io.npuzzle.runtime.json.JsonCodec;
import io.quarkus.redis.datasource.RedisDataSource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The open jobs in a real Redis: which jobs are open, how re-drives are claimed, and a replica's look for them. */
@QuarkusTest
@WithTestResource(PipelineResource.class)
class RedisJobStoreTest {

    private static final Duration AT_MOST = Duration.ofSeconds(5);
    private static final String BOARD = "2 3 4 1 5 0 7 6 8";
    private static final JobResult ANSWER = new CachedSolution(true, "ullddrurdllurdruldr", true, 0.2, 40)
            .toResult(false);

    @Inject
    RedisJobStore store;
    @Inject
    RedisDataSource redis;
    @Inject
    StaleJobs staleJobs;
    @Inject
    JobWaiters waiters;
    @Inject
    JsonCodec json;

    /** Each test's jobs are published at once: no earlier test's jobs, never started, fill the lane's window. */
    @BeforeEach
    void emptyTheQuickLane() {
        redis.key().del(RedisKeys.laneHandedOut(SolveCost.QUICK), RedisKeys.laneClients(SolveCost.QUICK));
    }

    private SolveRequest queued() {
        SolveRequest request = JobServiceFixture.request(BOARD, 3, 3, Mode.OPTIMAL);
        store.create(json.encoded(request), SolveCost.QUICK, JobServiceFixture.CLIENT).await().atMost(AT_MOST);
        return request;
    }

    /** When the job is due for a re-drive, or null when it is not open. */
    private Double dueAt(SolveRequest request) {
        return dueAt(request.jobId());
    }

    private Double dueAt(String jobId) {
        OptionalDouble score = redis.sortedSet(String.class).zscore(RedisKeys.OPEN_JOBS, jobId);
        return score.isPresent() ? score.getAsDouble() : null;
    }

    private void makeDue(SolveRequest request) {
        redis.sortedSet(String.class).zadd(RedisKeys.OPEN_JOBS, 0, request.jobId());
    }

    private List<String> claimedIds() {
        return store.claimRedrives(1000).await().atMost(AT_MOST).stream().map(r -> r.request().jobId()).toList();
    }

    @Test
    void aQueuedJobIsOpenUntilItsOutcomeIsRecordedDueAfterItsLanesQuietTime() {
        long before = System.currentTimeMillis();
        SolveRequest request = queued();

        Double due = dueAt(request);
        assertNotNull(due, "open once queued");
        assertTrue(due >= before + 60_000 && due <= System.currentTimeMillis() + 60_000,
                "due a quick job's quiet time (npuzzle.api.redrive.quick-after, a minute) after it was queued: " + due);

        store.finish(json.encoded(SolveOutcome.done(request.jobId(), ANSWER, "test"))).await().atMost(AT_MOST);
        assertNull(dueAt(request), "closed by its outcome");
    }

    @Test
    void aLongPollIsWokenWithTheJobAsItsOutcomeWasRecordedOrItsCancellation() throws Exception {
        SolveRequest done = queued();
        CompletableFuture<Job> doneWaiter = waiters.watch(done.jobId());
        store.finish(json.encoded(SolveOutcome.done(done.jobId(), ANSWER, "test"))).await().atMost(AT_MOST);
        assertEquals(store.find(done.jobId()).await().atMost(AT_MOST),
                doneWaiter.get(AT_MOST.toSeconds(), TimeUnit.SECONDS), "the job as the store gives it");

        SolveRequest cancelled = queued();
        CompletableFuture<Job> cancelledWaiter = waiters.watch(cancelled.jobId());
        store.cancel(SolveOutcome.cancelled(cancelled.jobId(), "api")).await().atMost(AT_MOST);
        assertEquals(store.find(cancelled.jobId()).await().atMost(AT_MOST),
                cancelledWaiter.get(AT_MOST.toSeconds(), TimeUnit.SECONDS));
    }

    @Test
    void outcomesRecordedTogetherEachGetWhatTheirOwnCallWouldEvenWhereRedisHasLostTheScript() {
        SolveRequest first = queued();
        SolveRequest second = queued();
        store.finish(json.encoded(SolveOutcome.done(second.jobId(), ANSWER, "test"))).await().atMost(AT_MOST);
        redis.execute("SCRIPT", "FLUSH");

        List<Optional<FinishedJob>> finished = store.finishAll(List.of(
                json.encoded(SolveOutcome.done(first.jobId(), ANSWER, "test")),
                json.encoded(SolveOutcome.done("not-a-job-id", ANSWER, "test")),
                json.encoded(SolveOutcome.done(second.jobId(), ANSWER, "test")))).await().atMost(AT_MOST);

        assertEquals(List.of(Optional.of(new FinishedJob(JobServiceFixture.CLIENT.label(), first)), Optional.empty(),
                Optional.empty()), finished, "recorded, passed over as malformed, and finished already");
        assertEquals(JobStatus.DONE, store.find(first.jobId()).await().atMost(AT_MOST).status());
    }

    @Test
    void theCallThatRecordsAnOutcomeGetsTheJobsClientAndRequestAndNoLaterCallDoes() {
        SolveRequest request = queued();

        assertEquals(Optional.of(new FinishedJob(JobServiceFixture.CLIENT.label(), request)),
                store.finish(json.encoded(SolveOutcome.done(request.jobId(), ANSWER, "test"))).await().atMost(AT_MOST));
        assertEquals(Optional.empty(),
                store.finish(json.encoded(SolveOutcome.done(request.jobId(), ANSWER, "test"))).await().atMost(AT_MOST));
        assertEquals(Cancellation.refused(Cancelled.FINISHED),
                store.cancel(SolveOutcome.cancelled(request.jobId(), "api")).await().atMost(AT_MOST));
    }

    @Test
    void theCallThatCancelsAJobGetsItsRequest() {
        SolveRequest request = queued();

        assertEquals(Cancellation.of(request),
                store.cancel(SolveOutcome.cancelled(request.jobId(), "api")).await().atMost(AT_MOST));
        assertEquals(Optional.empty(),
                store.finish(json.encoded(SolveOutcome.done(request.jobId(), ANSWER, "test"))).await().atMost(AT_MOST));
        assertEquals(Cancellation.refused(Cancelled.UNKNOWN),
                store.cancel(SolveOutcome.cancelled(JobIds.next(), "api")).await().atMost(AT_MOST));
    }

    @Test
    void aJobAnsweredAtOnceFromTheCacheIsNeverOpen() {
        SolveRequest request = JobServiceFixture.request(BOARD, 3, 3, Mode.OPTIMAL);
        store.createFinished(request, SolveOutcome.done(request.jobId(), ANSWER, "api")).await().atMost(AT_MOST);
        assertNull(dueAt(request));
    }

    @Test
    void aDueJobIsClaimedOnceWithItsRequestAndThenDueTwiceAsLateAfter() {
        SolveRequest request = queued();
        makeDue(request);

        List<Redrive> claimed = store.claimRedrives(1000).await().atMost(AT_MOST);
        Redrive redrive = claimed.stream().filter(r -> r.request().jobId().equals(request.jobId())).findFirst()
                .orElseThrow();
        assertEquals(request, redrive.request());
        assertEquals(1, redrive.times());

        assertFalse(claimedIds().contains(request.jobId()), "claimed by one caller only");
        long now = System.currentTimeMillis();
        assertTrue(dueAt(request) > now + 100_000, "next due twice the quiet time later: " + dueAt(request));
    }

    @Test
    void aDueJobThatWasCancelledMeanwhileIsNotClaimedAndNoLongerOpen() {
        SolveRequest request = queued();
        store.cancel(SolveOutcome.cancelled(request.jobId(), "api")).await().atMost(AT_MOST);
        redis.sortedSet(String.class).zadd(RedisKeys.OPEN_JOBS, 0, request.jobId());

        assertFalse(claimedIds().contains(request.jobId()));
        assertNull(dueAt(request));
    }

    @Test
    void aJobThatExpiredIsForgotten() {
        SolveRequest request = queued();
        redis.key().del(RedisKeys.job(request.jobId()));
        makeDue(request);

        assertFalse(claimedIds().contains(request.jobId()));
        assertNull(dueAt(request));
    }

    /**
     * A job as a version before the open jobs' index stored it once a worker had started it: a request (in that
     * version's JSON), a revision, a delivery and a start, and no {@code redriveAfter}.
     */
    private String storedUnindexed(Instant submitted) {
        String jobId = JobIds.next();
        String request = """
                {"jobId":"%s","key":"3x3:8:867254301","board":"8 6 7 2 5 4 3 0 1","rows":3,"cols":3,\
                "goal":"1 2 3 4 5 6 7 8 0","mode":"optimal","submittedAt":"%s","ratio":null,"owner":null}"""
                .formatted(jobId, submitted);
        redis.hash(String.class).hset(RedisKeys.job(jobId), Map.of(RedisKeys.REQUEST_FIELD, request,
                RedisKeys.REVISION_FIELD, "2", "deliveries", "1", RedisKeys.STARTED_FIELD, submitted.toString()));
        return jobId;
    }

    @Test
    void openJobsStoredWithoutTheIndexByAnEarlierVersionAreIndexedDueTheirQuietTimeAfterTheirSubmission() {
        Instant submitted = Instant.now().minus(Duration.ofHours(2));
        String jobId = storedUnindexed(submitted);

        assertTrue(store.indexOpenJobs().await().atMost(AT_MOST) >= 1);

        assertEquals(submitted.toEpochMilli() + 60_000, dueAt(jobId), "a quick job's quiet time after submission");
        assertTrue(claimedIds().contains(jobId), "due at once, so the next look re-drives it");
        assertEquals(0, store.indexOpenJobs().await().atMost(AT_MOST), "indexed once: " + jobId);
    }

    @Test
    void readingAnOpenJobStoredWithoutTheIndexIndexesIt() {
        String jobId = storedUnindexed(Instant.now());

        assertNotNull(store.snapshot(jobId).await().atMost(AT_MOST));

        assertNotNull(dueAt(jobId), "indexed when read");
    }

    @Test
    void aFinishedJobStoredWithoutTheIndexIsNotIndexed() {
        String jobId = storedUnindexed(Instant.now());
        store.finish(json.encoded(SolveOutcome.done(jobId, ANSWER, "test"))).await().atMost(AT_MOST);

        store.indexOpenJobs().await().atMost(AT_MOST);
        store.snapshot(jobId).await().atMost(AT_MOST);

        assertNull(dueAt(jobId));
    }

    @Test
    void theReplicasLookForQuietJobsReDrivesADueOne() {
        SolveRequest request = queued();
        makeDue(request);

        assertTrue(staleJobs.look().await().atMost(AT_MOST) >= 1);

        assertEquals("1", redis.hash(String.class).hget(RedisKeys.job(request.jobId()), "redriven"));
    }
}
