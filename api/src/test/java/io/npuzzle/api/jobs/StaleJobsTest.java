package io.npuzzle.api.jobs;

import io.npuzzle.api.config.ApiConfig;
import io.npuzzle.api.inmemory.InMemoryJobQueue;
import io.npuzzle.api.inmemory.JobServiceFixture;
import io.npuzzle.api.problem.ProblemException;
import io.npuzzle.core.model.Mode;
import io.npuzzle.core.solve.SolveCost;
import io.npuzzle.protocol.JobStatus;
import io.npuzzle.protocol.ProblemType;
import io.npuzzle.protocol.SolveOutcome;
import io.npuzzle.protocol.SolveRequest;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static io.npuzzle.api.inmemory.JobServiceFixture.BOARD_3X3;
import static io.npuzzle.api.inmemory.JobServiceFixture.BOARD_5X5;
import static io.npuzzle.api.inmemory.JobServiceFixture.FAST;
import static io.npuzzle.api.inmemory.JobServiceFixture.OPTIMAL;
import static io.npuzzle.api.inmemory.JobServiceFixture.request;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Jobs that went quiet, driven on through in-memory stand-ins for Redis and Kafka. */
class StaleJobsTest {

    private static final Duration AT_MOST = Duration.ofSeconds(5);
    private static final ApiConfig.Redrive THREE_TIMES = new ApiConfig.Redrive() {
        @Override
        public Duration quickAfter() {
            return Duration.ofMinutes(1);
        }

        @Override
        public Duration heavyAfter() {
            return Duration.ofMinutes(5);
        }

        @Override
        public int maxTimes() {
            return 3;
        }

        @Override
        public Duration period() {
            return Duration.ofSeconds(5);
        }
    };

    private final JobServiceFixture service = new JobServiceFixture();
    private final StaleJobs stale = new StaleJobs(service.store, service.cache, service.queue, service.metrics,
            THREE_TIMES, service.json);

    private SolveRequest accepted(String board, int size, Mode mode) {
        SolveRequest request = request(board, size, size, mode);
        service.jobs.accept(request, JobServiceFixture.CLIENT).await().atMost(AT_MOST);
        return request;
    }

    @Test
    void aQuietJobWhoseAnswerIsCachedIsFinishedWithItAndNotPublishedAgain() {
        SolveRequest request = accepted(BOARD_3X3, 3, Mode.OPTIMAL);
        service.cache.put(request.key(), OPTIMAL);
        service.store.dueForRedrive(1, request.jobId());

        assertEquals(1, stale.look().await().atMost(AT_MOST));

        SolveOutcome outcome = service.store.outcome(request.jobId());
        assertEquals(JobStatus.DONE, outcome.status());
        assertEquals(OPTIMAL.moves(), outcome.result().moves());
        assertEquals(1, service.queue.queued().size(), "queued once, when accepted");
        assertEquals(1, service.count("npuzzle.jobs.redriven", "route", "cache"));
        assertEquals(1, service.count("npuzzle.jobs.finished", "status", "DONE"));
        assertEquals(1, service.timed("quick", JobStatus.DONE));
    }

    @Test
    void aQuietJobWithoutACachedAnswerIsPublishedAgainToItsLane() {
        SolveRequest quick = accepted(BOARD_3X3, 3, Mode.OPTIMAL);
        SolveRequest heavy = accepted(BOARD_5X5, 5, Mode.OPTIMAL);
        service.store.dueForRedrive(1, quick.jobId(), heavy.jobId());

        assertEquals(2, stale.look().await().atMost(AT_MOST));

        List<InMemoryJobQueue.Queued> again = service.queue.queued().subList(2, 4);
        assertEquals(List.of(new InMemoryJobQueue.Queued(quick, SolveCost.QUICK),
                new InMemoryJobQueue.Queued(heavy, SolveCost.HEAVY)), again);
        assertNull(service.store.outcome(quick.jobId()), "still open: a worker answers it");
        assertEquals(2, service.count("npuzzle.jobs.redriven", "route", "queue"));
    }

    @Test
    void aCachedAnswerWeakerThanTheJobAsksForDoesNotFinishIt() {
        SolveRequest request = accepted(BOARD_3X3, 3, Mode.OPTIMAL);
        service.cache.put(request.key(), FAST);
        service.store.dueForRedrive(1, request.jobId());

        stale.look().await().atMost(AT_MOST);

        assertNull(service.store.outcome(request.jobId()));
        assertEquals(2, service.queue.queued().size(), "published again");
    }

    @Test
    void aJobReDrivenMoreThanMaxTimesEndsFailedWithAProblemSayingSo() {
        SolveRequest request = accepted(BOARD_3X3, 3, Mode.OPTIMAL);
        service.store.dueForRedrive(THREE_TIMES.maxTimes() + 1, request.jobId());

        stale.look().await().atMost(AT_MOST);

        SolveOutcome outcome = service.store.outcome(request.jobId());
        assertEquals(JobStatus.FAILED, outcome.status());
        assertTrue(outcome.error().is(ProblemType.REDRIVES_EXHAUSTED), outcome.error().type());
        assertEquals(1, service.queue.queued().size(), "not published again");
        assertEquals(1, service.count("npuzzle.jobs.redriven", "route", "abandoned"));
        assertEquals(1, service.count("npuzzle.jobs.finished", "status", "FAILED"));
        assertEquals(1, service.timed("quick", JobStatus.FAILED));
    }

    @Test
    void eachLaneWaitsItsOwnTimeBeforeAReDrive() {
        assertEquals(Duration.ofMinutes(1), StaleJobs.quietLimit(THREE_TIMES, SolveCost.QUICK));
        assertEquals(Duration.ofMinutes(5), StaleJobs.quietLimit(THREE_TIMES, SolveCost.HEAVY));
        assertEquals(SolveCost.HEAVY, service.store.lane(accepted(BOARD_5X5, 5, Mode.OPTIMAL).jobId()));
    }

    @Test
    void theFirstLookThatReachesTheStoreIndexesItsUnindexedJobsAndLaterLooksDoNot() {
        service.store.failNext(1);
        assertThrows(ProblemException.class, () -> stale.look().await().atMost(AT_MOST), "the store is down");
        assertEquals(0, service.store.indexings());

        stale.look().await().atMost(AT_MOST);
        stale.look().await().atMost(AT_MOST);

        assertEquals(1, service.store.indexings(), "indexed by the first look that reached the store, once");
    }
}
