package io.npuzzle.api.jobs;

import io.npuzzle.api.auth.Caller;
import io.npuzzle.api.inmemory.InMemoryJobQueue.Queued;
import io.npuzzle.api.inmemory.JobServiceFixture;
import io.npuzzle.api.problem.ProblemException;
import io.npuzzle.core.model.Mode;
import io.npuzzle.core.solve.SolveCost;
import io.npuzzle.protocol.CachedSolution;
import io.npuzzle.protocol.Job;
import io.npuzzle.protocol.JobScripts.Cancelled;
import io.npuzzle.protocol.JobStatus;
import io.npuzzle.protocol.ProblemType;
import io.npuzzle.protocol.Quality;
import io.npuzzle.protocol.SolveOutcome;
import io.npuzzle.protocol.SolveRequest;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static io.npuzzle.api.inmemory.JobServiceFixture.BOARD_3X3;
import static io.npuzzle.api.inmemory.JobServiceFixture.BOARD_5X5;
import static io.npuzzle.api.inmemory.JobServiceFixture.FAST;
import static io.npuzzle.api.inmemory.JobServiceFixture.OPTIMAL;
import static io.npuzzle.api.inmemory.JobServiceFixture.request;
import static io.npuzzle.api.inmemory.JobServiceFixture.submittedBefore;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The job service's logic, driven through in-memory stand-ins for Redis and Kafka. */
class JobServiceTest {

    private static final Duration AT_MOST = Duration.ofSeconds(5);

    private final JobServiceFixture service = new JobServiceFixture();

    @Test
    void aFullStoreRefusesNewJobsWithA503ProblemAndStoresNothing() {
        service.storeFull = true;

        ProblemException full = assertThrows(ProblemException.class,
                () -> service.jobs.accept(request(BOARD_3X3, 3, 3, Mode.OPTIMAL), JobServiceFixture.CLIENT).await().atMost(AT_MOST));
        assertEquals(ProblemType.STORE_FULL.urn(), full.problem().type());
        assertEquals(503, full.problem().status());
        assertEquals(0, service.store.size());
        assertEquals(List.of(), service.queue.queued());
    }

    @Test
    void aClientWithItsAllowanceOfHeavyJobsUnfinishedGetsA429UntilOneFinishes() {
        service.heavyJobLimit = 2;
        SolveRequest first = request(BOARD_5X5, 5, 5, Mode.OPTIMAL);
        service.jobs.accept(first, JobServiceFixture.CLIENT).await().atMost(AT_MOST);
        service.jobs.accept(request(BOARD_5X5, 5, 5, Mode.OPTIMAL), JobServiceFixture.CLIENT).await().atMost(AT_MOST);
        service.jobs.accept(request(BOARD_3X3, 3, 3, Mode.OPTIMAL), JobServiceFixture.CLIENT).await().atMost(AT_MOST);

        ProblemException refused = assertThrows(ProblemException.class,
                () -> service.jobs.accept(request(BOARD_5X5, 5, 5, Mode.OPTIMAL), JobServiceFixture.CLIENT).await().atMost(AT_MOST));
        assertEquals(ProblemType.HEAVY_JOBS_LIMIT.urn(), refused.problem().type());
        assertEquals(429, refused.problem().status());
        assertEquals(3, service.queue.queued().size(), "quick jobs do not count; the refused one is not queued");

        service.store.finish(service.json.encoded(SolveOutcome.cancelled(first.jobId(), "api")))
                .await().atMost(AT_MOST);
        service.jobs.accept(request(BOARD_5X5, 5, 5, Mode.OPTIMAL), JobServiceFixture.CLIENT).await().atMost(AT_MOST);
        assertEquals(4, service.queue.queued().size());
    }

    @Test
    void aCachedSolutionAnswersTheJobAtOnceWithoutQueueingIt() {
        SolveRequest request = request(BOARD_3X3, 3, 3, Mode.OPTIMAL);
        service.cache.put(request.key(), OPTIMAL);

        Job job = service.jobs.accept(request, JobServiceFixture.CLIENT).await().atMost(AT_MOST);

        assertEquals(JobStatus.DONE, job.status());
        assertTrue(job.result().cached());
        assertEquals(OPTIMAL.moves(), job.result().moves());
        assertEquals(List.of(), service.queue.queued());
        SolveOutcome stored = service.store.outcome(request.jobId());
        assertEquals(JobStatus.DONE, stored.status());
        assertEquals(JobService.OUTCOME_PRODUCER, stored.worker(), "the API produced this outcome, not a worker");
        assertEquals(1, service.count("npuzzle.cache.lookups", "result", "hit"));
        assertEquals(1, service.count("npuzzle.jobs.submitted", "route", "cache"));
        assertEquals(1, service.count("npuzzle.jobs.finished", "status", "DONE"));
    }

    @Test
    void aJobAnsweredFromTheCacheIsTimedFromItsSubmissionAsDoneInTheLaneItsBoardChooses() {
        SolveRequest request = submittedBefore(request(BOARD_5X5, 5, 5, Mode.OPTIMAL), Duration.ofSeconds(3));
        service.cache.put(request.key(), OPTIMAL);

        service.jobs.accept(request, JobServiceFixture.CLIENT).await().atMost(AT_MOST);

        assertEquals(1, service.timed("heavy", JobStatus.DONE));
        assertEquals(0, service.timed("quick", JobStatus.DONE));
        double seconds = service.registry.find("npuzzle.jobs.latency").timer().totalTime(TimeUnit.SECONDS);
        assertTrue(seconds >= 3 && seconds < 3 + AT_MOST.toSeconds(), "timed from its submission: " + seconds);
    }

    @Test
    void aFastAnswerInTheCacheServesAFastRequestButNeverAnOptimalOne() {
        SolveRequest optimal = request(BOARD_3X3, 3, 3, Mode.OPTIMAL);
        service.cache.put(optimal.key(), FAST);

        assertEquals(JobStatus.QUEUED, service.jobs.accept(optimal, JobServiceFixture.CLIENT).await().atMost(AT_MOST).status());
        assertEquals(JobStatus.DONE,
                service.jobs.accept(request(BOARD_3X3, 3, 3, Mode.FAST), JobServiceFixture.CLIENT).await().atMost(AT_MOST).status());
        assertEquals(1, service.count("npuzzle.cache.lookups", "result", "miss"), "the optimal request missed");
        assertEquals(1, service.count("npuzzle.cache.lookups", "result", "hit"), "the fast one hit");
    }

    @Test
    void aBoundedRequestIsServedByAnyCachedAnswerWhoseGuaranteeIsAtLeastAsGood() {
        SolveRequest tight = request(BOARD_5X5, 5, 5, Quality.bounded(1.2));
        service.cache.put(tight.key(), new CachedSolution(true, "l", false, 0.1, 9, 1.5));

        assertEquals(JobStatus.QUEUED, service.jobs.accept(tight, JobServiceFixture.CLIENT).await().atMost(AT_MOST).status());
        assertEquals(List.of(new Queued(tight, SolveCost.HEAVY)), service.queue.queued(),
                "a bound of 1.5 does not serve 1.2; bounded jobs without databases are heavy");
        Job loose = service.jobs.accept(request(BOARD_5X5, 5, 5, Quality.bounded(1.5)), JobServiceFixture.CLIENT).await().atMost(AT_MOST);
        assertEquals(JobStatus.DONE, loose.status());
        assertEquals(1.5, loose.result().bound());
        assertFalse(loose.result().optimal());

        service.cache.put(tight.key(), OPTIMAL);
        Job served = service.jobs.accept(request(BOARD_5X5, 5, 5, Quality.bounded(1.01)), JobServiceFixture.CLIENT).await().atMost(AT_MOST);
        assertEquals(1.0, served.result().bound(), "an optimal answer serves every ratio");
    }

    @Test
    void withApiKeysAJobIsVisibleAndCancellableOnlyWithTheKeyThatSubmittedIt() {
        Caller alice = new Caller("alice");
        Caller bob = new Caller("bob");
        SolveRequest request = request(BOARD_3X3, 3, 3, Mode.OPTIMAL).ownedBy("alice");
        service.jobs.accept(request, JobServiceFixture.CLIENT).await().atMost(AT_MOST);

        assertEquals("alice", service.jobs.find(request.jobId(), Duration.ZERO, alice).await().atMost(AT_MOST).owner());
        assertNull(service.jobs.find(request.jobId(), Duration.ZERO, bob).await().atMost(AT_MOST));
        long started = System.nanoTime();
        assertNull(service.jobs.find(request.jobId(), Duration.ofSeconds(30), bob).await().atMost(AT_MOST),
                "a long poll on another's job answers at once, as for an unknown id");
        assertTrue(System.nanoTime() - started < AT_MOST.toNanos());
        assertEquals(Cancelled.UNKNOWN, service.jobs.cancel(request.jobId(), bob).await().atMost(AT_MOST));
        assertEquals(JobStatus.QUEUED, service.jobs.find(request.jobId(), Duration.ZERO, alice).await()
                .atMost(AT_MOST).status(), "not cancelled by another key");
        assertEquals(Cancelled.CANCELLED, service.jobs.cancel(request.jobId(), alice).await().atMost(AT_MOST));
    }

    @Test
    void aMissIsStoredAndQueuedInTheQuickLane() {
        SolveRequest request = request(BOARD_3X3, 3, 3, Mode.OPTIMAL);

        Job job = service.jobs.accept(request, JobServiceFixture.CLIENT).await().atMost(AT_MOST);

        assertEquals(JobStatus.QUEUED, job.status());
        assertEquals(JobStatus.QUEUED, service.jobs.find(request.jobId(), Duration.ZERO, Caller.ANYONE)
                .await().atMost(AT_MOST)
                .status(), "stored before it is queued");
        assertEquals(List.of(new Queued(request, SolveCost.QUICK)), service.queue.queued());
        assertEquals(1, service.count("npuzzle.cache.lookups", "result", "miss"));
        assertEquals(1, service.count("npuzzle.jobs.submitted", "route", "queue"));
    }

    @Test
    void anOptimalSearchOfALargeBoardGoesToTheHeavyLaneAndItsFastAnswerToTheQuickLane() {
        SolveRequest optimal5x5 = request(BOARD_5X5, 5, 5, Mode.OPTIMAL);
        SolveRequest fast5x5 = request(BOARD_5X5, 5, 5, Mode.FAST);
        SolveRequest optimal4x4 = request("1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15", 4, 4, Mode.OPTIMAL);

        for (SolveRequest request : List.of(optimal5x5, fast5x5, optimal4x4)) {
            service.jobs.accept(request, JobServiceFixture.CLIENT).await().atMost(AT_MOST);
        }

        assertEquals(List.of(new Queued(optimal5x5, SolveCost.HEAVY), new Queued(fast5x5, SolveCost.QUICK),
                new Queued(optimal4x4, SolveCost.QUICK)), service.queue.queued());
    }

    @Test
    void aQueueThatRefusesTheJobMakesItA503Problem() {
        service.queue.refuse(true);

        ProblemException refused = assertThrows(ProblemException.class,
                () -> service.jobs.accept(request(BOARD_3X3, 3, 3, Mode.OPTIMAL), JobServiceFixture.CLIENT).await().atMost(AT_MOST));

        assertTrue(refused.problem().is(ProblemType.UNAVAILABLE));
        assertEquals(503, refused.problem().status());
        assertEquals(0, service.count("npuzzle.jobs.submitted", "route", "queue"), "not counted as queued");
    }

    @Test
    void cancellingAnUnfinishedJobRecordsACancelledOutcomeOnce() {
        SolveRequest request = request(BOARD_3X3, 3, 3, Mode.OPTIMAL);
        service.jobs.accept(request, JobServiceFixture.CLIENT).await().atMost(AT_MOST);

        assertEquals(Cancelled.CANCELLED, service.jobs.cancel(request.jobId(), Caller.ANYONE).await().atMost(AT_MOST));
        assertEquals(Cancelled.FINISHED, service.jobs.cancel(request.jobId(), Caller.ANYONE).await().atMost(AT_MOST));

        SolveOutcome stored = service.store.outcome(request.jobId());
        assertEquals(JobStatus.CANCELLED, stored.status());
        assertEquals(JobService.OUTCOME_PRODUCER, stored.worker());
        assertEquals(1, service.count("npuzzle.jobs.finished", "status", "CANCELLED"));
        assertEquals(1, service.timed("quick", JobStatus.CANCELLED), "timed by the cancel that recorded it");
        assertEquals(Cancelled.UNKNOWN, service.jobs.cancel("00000000-0000-4000-8000-000000000000", Caller.ANYONE)
                .await().atMost(AT_MOST));
    }

    @Test
    void aLongPollWakesAsSoonAsItsJobIsAnnouncedAsFinished() throws Exception {
        SolveRequest request = request(BOARD_3X3, 3, 3, Mode.OPTIMAL);
        service.jobs.accept(request, JobServiceFixture.CLIENT).await().atMost(AT_MOST);

        long started = System.nanoTime();
        CompletableFuture<Job> poll = service.jobs.find(request.jobId(), Duration.ofSeconds(30), Caller.ANYONE)
                .subscribeAsCompletionStage();
        assertFalse(poll.isDone(), "waits while the job is queued");
        assertEquals(1, service.waiters.waiting(request.jobId()));

        service.store.finish(service.json.encoded(SolveOutcome.cancelled(request.jobId(), "worker-1")))
                .await().atMost(AT_MOST);
        service.waiters.announced(request.jobId(), () -> null);

        assertEquals(JobStatus.CANCELLED, poll.get(5, TimeUnit.SECONDS).status());
        assertTrue(Duration.ofNanos(System.nanoTime() - started).toSeconds() < 5, "woken, not timed out");
        assertEquals(0, service.waiters.waiting(request.jobId()), "the waiter is forgotten");
    }

    @Test
    void aLongPollWokenWithItsFinishedJobAnswersWithItWithoutReadingTheStoreAgain() throws Exception {
        SolveRequest request = request(BOARD_3X3, 3, 3, Mode.OPTIMAL);
        service.jobs.accept(request, JobServiceFixture.CLIENT).await().atMost(AT_MOST);
        CompletableFuture<Job> poll = service.jobs.find(request.jobId(), Duration.ofSeconds(30), Caller.ANYONE)
                .subscribeAsCompletionStage();

        // Announced, not stored: the job the poll answers with can only be the announced one.
        Job announced = Job.of(request, true, SolveOutcome.cancelled(request.jobId(), "worker-1"));
        service.waiters.announced(request.jobId(), () -> announced);

        assertSame(announced, poll.get(5, TimeUnit.SECONDS));
    }

    @Test
    void aLongPollOnAnUnfinishedJobEndsAfterItsWaitWithTheJobAsStored() {
        SolveRequest request = request(BOARD_3X3, 3, 3, Mode.OPTIMAL);
        service.jobs.accept(request, JobServiceFixture.CLIENT).await().atMost(AT_MOST);

        long started = System.nanoTime();
        Job job = service.jobs.find(request.jobId(), Duration.ofMillis(50), Caller.ANYONE).await().atMost(AT_MOST);

        assertEquals(JobStatus.QUEUED, job.status());
        assertTrue(System.nanoTime() - started >= Duration.ofMillis(50).toNanos(), "held for the wait");
        assertEquals(0, service.waiters.waiting(request.jobId()), "the waiter is forgotten");
    }

    @Test
    void aLongPollOnAnUnknownJobAnswersAtOnce() {
        String unknown = "00000000-0000-4000-8000-000000000000";

        CompletableFuture<Job> poll = service.jobs.find(unknown, Duration.ofSeconds(30), Caller.ANYONE)
                .subscribeAsCompletionStage();

        assertTrue(poll.isDone());
        assertNull(poll.join());
        assertEquals(0, service.waiters.waiting(unknown));
    }

    @Test
    void aSubmissionThatWaitsAnswersWithTheJobAnnouncedWhileItWasBeingAccepted() {
        SolveRequest request = request(BOARD_3X3, 3, 3, Mode.OPTIMAL);
        Job announced = Job.of(request, true, SolveOutcome.cancelled(request.jobId(), "worker-1"));

        // Announced before the accept returns, as a quick job solved at once can be.
        Job job = service.jobs.acceptAndWait(request.jobId(), Duration.ofSeconds(30), Caller.ANYONE,
                () -> service.jobs.accept(request, JobServiceFixture.CLIENT)
                        .invoke(() -> service.waiters.announced(request.jobId(), () -> announced)))
                .await().atMost(AT_MOST);

        assertSame(announced, job);
        assertEquals(0, service.waiters.waiting(request.jobId()), "the waiter is forgotten");
    }

    @Test
    void aSubmissionThatWaitsForAJobThatDoesNotFinishAnswersAfterItsWaitWithTheJobAsStored() {
        SolveRequest request = request(BOARD_3X3, 3, 3, Mode.OPTIMAL);

        long started = System.nanoTime();
        Job job = service.jobs.acceptAndWait(request.jobId(), Duration.ofMillis(50), Caller.ANYONE,
                () -> service.jobs.accept(request, JobServiceFixture.CLIENT)).await().atMost(AT_MOST);

        assertEquals(JobStatus.QUEUED, job.status());
        assertTrue(System.nanoTime() - started >= Duration.ofMillis(50).toNanos(), "held for the wait");
        assertEquals(0, service.waiters.waiting(request.jobId()), "the waiter is forgotten");
    }

    @Test
    void aSubmissionThatWaitsButIsGivenAnEarlierJobWaitsForThatJob() throws Exception {
        SolveRequest earlier = request(BOARD_3X3, 3, 3, Mode.OPTIMAL);
        service.jobs.accept(earlier, JobServiceFixture.CLIENT).await().atMost(AT_MOST);
        SolveRequest retry = request(BOARD_3X3, 3, 3, Mode.OPTIMAL);

        // An Idempotency-Key gives the earlier job, not one with the retry's id.
        CompletableFuture<Job> submitted = service.jobs.acceptAndWait(retry.jobId(), Duration.ofSeconds(30),
                Caller.ANYONE, () -> service.jobs.find(earlier.jobId(), Duration.ZERO, Caller.ANYONE))
                .subscribeAsCompletionStage();
        assertFalse(submitted.isDone(), "waits while the earlier job is queued");
        Job announced = Job.of(earlier, true, SolveOutcome.cancelled(earlier.jobId(), "worker-1"));
        service.waiters.announced(earlier.jobId(), () -> announced);

        assertSame(announced, submitted.get(5, TimeUnit.SECONDS));
        assertEquals(0, service.waiters.waiting(retry.jobId()), "the retry's own waiter is forgotten");
    }

    @Test
    void aSubmissionThatFailsForgetsItsWaiter() {
        SolveRequest request = request(BOARD_3X3, 3, 3, Mode.OPTIMAL);
        service.storeFull = true;

        assertThrows(ProblemException.class, () -> service.jobs.acceptAndWait(request.jobId(), Duration.ofSeconds(30),
                Caller.ANYONE, () -> service.jobs.accept(request, JobServiceFixture.CLIENT)).await().atMost(AT_MOST));
        assertEquals(0, service.waiters.waiting(request.jobId()));
    }
}
