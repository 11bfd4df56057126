package io.npuzzle.api.jobs;

import io.npuzzle.api.inmemory.JobServiceFixture;
import io.npuzzle.core.model.Mode;
import io.npuzzle.protocol.JobIds;
import io.npuzzle.protocol.JobResult;
import io.npuzzle.protocol.JobStatus;
import io.npuzzle.protocol.SolveOutcome;
import io.npuzzle.protocol.SolveRequest;
import io.smallrye.mutiny.helpers.test.AssertSubscriber;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static io.npuzzle.api.inmemory.JobServiceFixture.request;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** A job's live events over the in-memory store: snapshots numbered by revision, ending with the final status. */
class JobEventsTest {

    private static final Duration AT_MOST = Duration.ofSeconds(5);

    private final JobServiceFixture service = new JobServiceFixture();
    private final JobEvents events = new JobEvents(service.store, service.waiters);

    @Test
    void aQueuedJobsStreamShowsItThenItsFinalStatusAndEnds() {
        SolveRequest request = queued();
        AssertSubscriber<JobEvent> stream = events.after(request.jobId(), 0)
                .subscribe().withSubscriber(AssertSubscriber.create(10));
        stream.awaitItems(1, AT_MOST);
        assertEquals(1, service.waiters.waiting(request.jobId()), "waiting for a change");

        finish(request);

        List<JobEvent> seen = stream.awaitCompletion(AT_MOST).getItems();
        assertEquals(List.of(JobStatus.QUEUED, JobStatus.DONE), seen.stream().map(e -> e.job().status()).toList());
        assertEquals(List.of(JobEvent.Kind.STATUS, JobEvent.Kind.STATUS), seen.stream().map(JobEvent::kind).toList());
        assertEquals(List.of(1L, 2L), seen.stream().map(JobEvent::id).toList());
        assertEquals(0, service.waiters.waiting(request.jobId()), "nothing left waiting");
    }

    @Test
    void aStreamResumedAfterTheFinalEventEndsWithoutRepeatingIt() {
        SolveRequest request = queued();
        finish(request);

        events.after(request.jobId(), 2).subscribe().withSubscriber(AssertSubscriber.create(10))
                .awaitCompletion(AT_MOST).assertHasNotReceivedAnyItem();
    }

    @Test
    void aStreamResumedBeforeTheFinalEventGetsTheFinalStatus() {
        SolveRequest request = queued();
        finish(request);

        List<JobEvent> seen = events.after(request.jobId(), 1).subscribe()
                .withSubscriber(AssertSubscriber.create(10)).awaitCompletion(AT_MOST).getItems();
        assertEquals(1, seen.size());
        assertEquals(JobStatus.DONE, seen.get(0).job().status());
    }

    @Test
    void aClientThatLeavesIsNoLongerWaiting() {
        SolveRequest request = queued();
        AssertSubscriber<JobEvent> stream = events.after(request.jobId(), 0)
                .subscribe().withSubscriber(AssertSubscriber.create(10));
        stream.awaitItems(1, AT_MOST);

        stream.cancel();

        assertEquals(0, service.waiters.waiting(request.jobId()));
    }

    @Test
    void anUnknownJobsStreamEndsEmpty() {
        events.after(JobIds.next(), 0).subscribe().withSubscriber(AssertSubscriber.create(10))
                .awaitCompletion(AT_MOST).assertHasNotReceivedAnyItem();
    }

    private SolveRequest queued() {
        SolveRequest request = request("1 2 3 4 5 6 7 0 8", 3, 3, Mode.OPTIMAL);
        service.jobs.accept(request, JobServiceFixture.CLIENT).await().atMost(AT_MOST);
        return request;
    }

    private void finish(SolveRequest request) {
        service.store.finish(service.json.encoded(SolveOutcome.done(request.jobId(),
                new JobResult(true, "r", 1, true, false, 0.1, 1, 1.0, 1), "w"))).await().atMost(AT_MOST);
        service.waiters.announced(request.jobId(), () -> null);
    }
}
