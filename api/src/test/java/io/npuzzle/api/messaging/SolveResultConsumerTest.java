package io.npuzzle.api.messaging;

import io.micrometer.core.instrument.Timer;
import io.npuzzle.api.inmemory.JobServiceFixture;
import io.npuzzle.core.model.Mode;
import io.npuzzle.protocol.Job;
import io.npuzzle.protocol.JobResult;
import io.npuzzle.protocol.JobStatus;
import io.npuzzle.protocol.ProblemType;
import io.npuzzle.protocol.SolveOutcome;
import io.npuzzle.runtime.traces.ServiceSpans;
import io.npuzzle.protocol.SolveRequest;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static io.npuzzle.api.inmemory.JobServiceFixture.BOARD_5X5;
import static io.npuzzle.api.inmemory.JobServiceFixture.request;
import static io.npuzzle.api.inmemory.JobServiceFixture.submittedBefore;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Recording the workers' outcomes, against an in-memory store. */
class SolveResultConsumerTest {

    private static final Duration AT_MOST = Duration.ofSeconds(5);
    private static final JobResult SOLVED = new JobResult(true, "l", 1, true, false, 0.1, 1, 1.0, 1);

    private final JobServiceFixture service = new JobServiceFixture();
    private final SolveResultConsumer consumer = new SolveResultConsumer(service.store, service.metrics,
            ServiceSpans.off(), service.json, service.waiters);

    @Test
    void eachJobKeepsItsFirstOutcomeAndOnlyRecordedOutcomesAreCounted() {
        SolveRequest first = queued();
        SolveRequest second = queued();
        SolveOutcome done = SolveOutcome.done(first.jobId(), SOLVED, "worker-1");
        SolveOutcome redelivered = SolveOutcome.failed(first.jobId(), ProblemType.SOLVER_ERROR.problem("x"), "w-2");
        SolveOutcome failed = SolveOutcome.failed(second.jobId(), ProblemType.BUDGET_EXCEEDED.problem("y"), "w-2");
        SolveOutcome notAnOutcome = new SolveOutcome(null, JobStatus.DONE, SOLVED, null, "w-3", null);

        consumer.onResults(Arrays.asList(text(done), null, "not JSON", text(notAnOutcome), text(redelivered),
                text(failed)), null).await().atMost(AT_MOST);

        assertEquals(done, service.store.outcome(first.jobId()));
        assertEquals(failed, service.store.outcome(second.jobId()));
        assertEquals(1, service.count("npuzzle.jobs.finished", "status", "DONE"));
        assertEquals(1, service.count("npuzzle.jobs.finished", "status", "FAILED"));
        assertEquals(1, service.timed("quick", JobStatus.DONE), "the redelivered outcome is not timed again");
        assertEquals(1, service.timed("quick", JobStatus.FAILED));
    }

    @Test
    void anOutcomeIsTimedFromItsJobsSubmissionByLaneAndStatus() {
        SolveRequest request = submittedBefore(request(BOARD_5X5, 5, 5, Mode.OPTIMAL), Duration.ofMinutes(10));
        service.jobs.accept(request, JobServiceFixture.CLIENT).await().atMost(AT_MOST);

        consumer.onResults(List.of(text(SolveOutcome.done(request.jobId(), SOLVED, "worker-1"))), null)
                .await().atMost(AT_MOST);

        Timer latency = service.registry.find("npuzzle.jobs.latency").tags("lane", "heavy", "status", "DONE")
                .timer();
        assertEquals(1, latency.count());
        double seconds = latency.totalTime(TimeUnit.SECONDS);
        assertTrue(seconds >= 600 && seconds < 600 + AT_MOST.toSeconds(), "timed from its submission: " + seconds);
    }

    @Test
    void aBatchIsRetriedUntilTheStoreTakesIt() {
        SolveRequest request = queued();
        service.store.failNext(1);

        consumer.onResults(List.of(text(SolveOutcome.done(request.jobId(), SOLVED, "worker-1"))), null)
                .await().atMost(AT_MOST);

        assertEquals(JobStatus.DONE, service.store.outcome(request.jobId()).status());
        assertEquals(1, service.count("npuzzle.jobs.finished", "status", "DONE"));
        assertEquals(1, service.timed("quick", JobStatus.DONE));
    }

    @Test
    void aRequestOfThisReplicaWaitingForTheJobIsWokenWithItWhenItsOutcomeIsRecorded() throws Exception {
        SolveRequest request = queued();
        CompletableFuture<Job> waiter = service.waiters.watch(request.jobId());
        SolveOutcome done = SolveOutcome.done(request.jobId(), SOLVED, "worker-1");

        consumer.onResults(List.of(text(done)), null).await().atMost(AT_MOST);

        Job job = waiter.get(AT_MOST.toMillis(), TimeUnit.MILLISECONDS);
        assertEquals(JobStatus.DONE, job.status(), "woken by the consumer, before any announcement");
        assertEquals(request.board(), job.board());
    }

    private String text(SolveOutcome outcome) {
        return service.json.write(outcome);
    }

    private SolveRequest queued() {
        SolveRequest request = request("1 2 3 4 5 6 7 0 8", 3, 3, Mode.OPTIMAL);
        service.jobs.accept(request, JobServiceFixture.CLIENT).await().atMost(AT_MOST);
        return request;
    }
}
