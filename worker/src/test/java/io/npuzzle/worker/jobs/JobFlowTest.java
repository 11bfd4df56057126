package io.npuzzle.worker.jobs;

import io.npuzzle.core.model.Mode;
import io.npuzzle.core.model.Outcome;
import io.npuzzle.core.model.SearchProgress;
import io.npuzzle.protocol.CachedSolution;
import io.npuzzle.protocol.JobStatus;
import io.npuzzle.protocol.ProblemType;
import io.npuzzle.protocol.Quality;
import io.npuzzle.protocol.SolveOutcome;
import io.npuzzle.protocol.SolveRequest;
import io.npuzzle.worker.inmemory.JobFlowFixture;
import io.npuzzle.worker.inmemory.ScriptedSolver;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The job flow over in-memory stores and a scripted solver: no broker, no Redis, no search. */
class JobFlowTest {

    /** One move from the goal on a board no exact table covers, so that its jobs look in the cache. */
    private static final String ONE_MOVE = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15";

    private final JobFlowFixture fixture = new JobFlowFixture();

    private SolveRequest oneMove() {
        return fixture.submit(ONE_MOVE, 4, 4, Quality.OPTIMAL);
    }

    @Test
    void aNewJobIsStartedSolvedCachedAndPublishedDone() {
        SolveRequest request = oneMove();

        SolveOutcome outcome = published(fixture.flow.handle(request));
        assertEquals(JobStatus.DONE, outcome.status());
        assertEquals(request.jobId(), outcome.jobId());
        assertEquals(JobFlowFixture.WORKER_ID, outcome.worker());
        assertEquals("r", outcome.result().moves());
        assertTrue(outcome.result().optimal());
        assertFalse(outcome.result().cached());
        assertEquals(1, fixture.starts.deliveries(request.jobId()), "the job was started");
        assertEquals(List.of(Quality.OPTIMAL), fixture.solver.searches());
        assertEquals("r", fixture.cache.find(request.key()).orElseThrow().moves(), "the answer is cached");
        assertEquals(List.of(false), fixture.metrics.cacheLookups(), "a cache miss");
        assertEquals(List.of(JobStatus.DONE), fixture.metrics.finished());
        assertEquals(0, fixture.metrics.inFlight());
    }

    @Test
    void aJobThatStartsIsCountedForItsClientAndLaneAndARedeliveryOfAFinishedOneIsNot() {
        SolveRequest alices = oneMove().ownedBy("alice");
        fixture.flow.handle(alices);
        fixture.starts.finish(alices.jobId());
        fixture.flow.handle(alices);
        fixture.flow.handle(oneMove());

        assertEquals(List.of("alice quick", "anonymous quick"), fixture.metrics.startedFor());
    }

    @Test
    void aJobAnExactTableAnswersIsSolvedWithoutLookingInTheCacheAndItsAnswerCached() {
        SolveRequest request = fixture.submit("1 2 3 4 5 6 7 0 8");

        SolveOutcome outcome = published(fixture.flow.handle(request));
        assertEquals("r", outcome.result().moves());
        assertFalse(outcome.result().cached());
        assertEquals(0, fixture.cache.lookUps());
        assertEquals(List.of(), fixture.metrics.cacheLookups(), "no look-up counted");
        assertEquals("r", fixture.cache.find(request.key()).orElseThrow().moves(), "the answer is cached");
    }

    @Test
    void aJobWhosePuzzleIsCachedIsAnsweredFromTheCacheWithoutASearch() {
        SolveRequest request = oneMove();
        fixture.cache.store(request.key(), new CachedSolution(true, "rlr", true, 1.0, 10));

        SolveOutcome outcome = published(fixture.flow.handle(request));
        assertEquals(JobStatus.DONE, outcome.status());
        assertEquals("rlr", outcome.result().moves(), "the cached answer, told apart from a solve by its moves");
        assertTrue(outcome.result().cached());
        assertEquals(List.of(), fixture.solver.searches());
        assertEquals(List.of(true), fixture.metrics.cacheLookups(), "a cache hit");
    }

    @Test
    void aCachedFastAnswerServesAFastRequestButNeverAnOptimalOne() {
        SolveRequest fast = fixture.submit(ONE_MOVE, 4, 4, Quality.FAST);
        fixture.cache.store(fast.key(), new CachedSolution(true, "rrllr", false, 1.0, 10));

        SolveOutcome fastOutcome = published(fixture.flow.handle(fast));
        assertEquals("rrllr", fastOutcome.result().moves());
        assertTrue(fastOutcome.result().cached());

        SolveOutcome optimal = published(fixture.flow.handle(oneMove()));
        assertEquals("r", optimal.result().moves());
        assertTrue(optimal.result().optimal());
        assertFalse(optimal.result().cached(), "searched for, not taken from the cache");
        assertEquals(List.of(Quality.OPTIMAL), fixture.solver.searches());
        assertTrue(fixture.cache.find(fast.key()).orElseThrow().optimal(), "the optimal answer replaced the fast one");
    }

    @Test
    void aFastJobGivingMoreTimeThanTheCachedFastAnswerHadIsSolvedAgain() {
        Quality fiveSeconds = new Quality(Mode.FAST, null, 5);
        SolveRequest longer = fixture.submit(ONE_MOVE, 4, 4, fiveSeconds);
        fixture.cache.store(longer.key(), new CachedSolution(true, "rrllr", false, 1.0, 10, 5.0, 1, 1000L));

        SolveOutcome outcome = published(fixture.flow.handle(longer));
        assertFalse(outcome.result().cached(), "searched for with its five seconds");
        assertEquals(List.of(fiveSeconds), fixture.solver.searches());
    }

    @Test
    void aBoundedJobIsSearchedWithItsRatioUnlessTheCacheHoldsAnAnswerAtLeastAsGood() {
        SolveRequest tight = fixture.submit(ONE_MOVE, 4, 4, Quality.bounded(1.5));
        fixture.cache.store(tight.key(), new CachedSolution(true, "rrllr", false, 1.0, 10, 2.0));

        SolveOutcome searched = published(fixture.flow.handle(tight));
        assertEquals("r", searched.result().moves(), "a bound of 2 does not serve a ratio of 1.5");
        assertEquals(1.5, searched.result().bound());
        assertFalse(searched.result().optimal());
        assertEquals(List.of(Quality.bounded(1.5)), fixture.solver.searches());
        assertEquals(1.5, fixture.cache.find(tight.key()).orElseThrow().bound(), "the better guarantee replaced it");

        SolveOutcome loose = published(fixture.flow.handle(fixture.submit(ONE_MOVE, 4, 4, Quality.bounded(2))));
        assertEquals("r", loose.result().moves());
        assertTrue(loose.result().cached(), "a bound of 1.5 serves a ratio of 2");
        assertEquals(1, fixture.solver.searches().size());
    }

    @Test
    void aJobCancelledBeforeItsSearchIsSkippedWithoutASearch() {
        SolveRequest request = oneMove();
        fixture.cancellations.cancel(request.jobId());

        assertEquals(new Handled.Skip("cancelled"), fixture.flow.handle(request));
        assertEquals(List.of(), fixture.solver.searches());
        assertTrue(fixture.cache.isEmpty());
        assertEquals(List.of(), fixture.metrics.finished(), "the API recorded its outcome, not this worker");
    }

    @Test
    void aJobCancelledDuringItsSearchIsSkippedAndNothingIsCached() {
        SolveRequest request = oneMove();
        fixture.solver.answering((puzzle, mode, cancelled) -> {
            assertFalse(cancelled.getAsBoolean(), "not cancelled yet when the search starts");
            fixture.cancellations.cancel(request.jobId());
            assertTrue(cancelled.getAsBoolean(), "the search sees the cancellation at its next check");
            return ScriptedSolver.unsolved(Outcome.CANCELLED);
        });

        assertEquals(new Handled.Skip("cancelled"), fixture.flow.handle(request));
        assertEquals(1, fixture.solver.searches().size(), "not searched again");
        assertTrue(fixture.cache.isEmpty());
    }

    @Test
    void aRequestWithAnInvalidBoardForNoWaitingJobIsRefusedNamingTheDefect() {
        SolveRequest request = fixture.submitUnchecked("1 1 2 3 4 5 6 7 0");
        fixture.starts.expire(request.jobId());

        Handled handled = fixture.flow.handle(request);
        Handled.Refuse refuse = assertInstanceOf(Handled.Refuse.class, handled);
        assertEquals("invalid board: duplicate tile 1", refuse.reason());
        assertEquals(List.of(), fixture.solver.searches());
    }

    @Test
    void aRequestWithAnInvalidBoardForAWaitingJobEndsThatJobFailedWithTheReason() {
        SolveRequest request = fixture.submitUnchecked("1 1 2 3 4 5 6 7 0");

        SolveOutcome outcome = published(fixture.flow.handle(request));
        assertEquals(JobStatus.FAILED, outcome.status());
        assertEquals(ProblemType.INVALID_REQUEST.urn(), outcome.error().type());
        assertTrue(outcome.error().detail().endsWith("invalid board: duplicate tile 1"), outcome.error().detail());
        assertEquals(0, fixture.starts.deliveries(request.jobId()), "never started");
        assertEquals(List.of(), fixture.solver.searches());
        assertEquals(List.of(JobStatus.FAILED), fixture.metrics.finished());
    }

    @Test
    void aRecordThatIsNoRequestButNamesAWaitingJobEndsThatJobFailed() {
        String jobId = oneMove().jobId();

        SolveOutcome outcome = published(fixture.flow.handleInvalid(jobId, "not a solve request: no board"));
        assertEquals(JobStatus.FAILED, outcome.status());
        assertTrue(outcome.error().detail().endsWith("no board"), outcome.error().detail());
        fixture.starts.finish(jobId);
        assertInstanceOf(Handled.Refuse.class, fixture.flow.handleInvalid(jobId, "again"), "finished: refused");
    }

    @Test
    void theProgressOfAJobsSearchIsReportedForThatJob() {
        SearchProgress first = new SearchProgress(40, 1_000_000, 1_000);
        SearchProgress second = new SearchProgress(42, 2_100_000, 2_000);
        fixture.solver.reporting(first, second);
        SolveRequest request = oneMove();

        assertEquals(JobStatus.DONE, published(fixture.flow.handle(request)).status());
        assertEquals(List.of(first, second), fixture.progress.of(request.jobId()));
    }

    @Test
    void aSolverThatThrowsIsTriedThreeTimesThenTheJobFailsWithASolverError() {
        fixture.solver.answering((puzzle, mode, cancelled) -> {
            throw new IllegalStateException("broken on purpose");
        });

        SolveOutcome outcome = published(fixture.flow.handle(oneMove()));
        assertEquals(JobStatus.FAILED, outcome.status());
        assertTrue(outcome.error().is(ProblemType.SOLVER_ERROR), outcome.error().type());
        assertEquals("the solver failed on this board 3 times (IllegalStateException)", outcome.error().detail());
        assertNull(outcome.result());
        assertEquals(JobFlowFixture.ATTEMPTS, fixture.solver.searches().size());
        assertTrue(fixture.cache.isEmpty(), "failures are not cached");
        assertEquals(List.of(false), fixture.metrics.cacheLookups());
        assertEquals(List.of(JobStatus.FAILED), fixture.metrics.finished());
    }

    @Test
    void aSolverThatThrowsAnErrorEndsItsJobFailedAndTheNextJobIsSolved() {
        fixture.solver.answering((puzzle, mode, cancelled) -> {
            throw new StackOverflowError("on purpose");
        });
        SolveOutcome failed = published(fixture.flow.handle(oneMove()));
        assertEquals(JobStatus.FAILED, failed.status());
        assertTrue(failed.error().is(ProblemType.SOLVER_ERROR), failed.error().type());
        assertTrue(failed.error().detail().contains("StackOverflowError"), failed.error().detail());

        fixture.solver.answering((puzzle, mode, cancelled) -> ScriptedSolver.solved("rr", true));
        SolveOutcome next = published(fixture.flow.handle(fixture.submit("1 2 3 4 5 6 0 7 8")));
        assertEquals(JobStatus.DONE, next.status());
        assertEquals("rr", next.result().moves());
    }

    @Test
    void aJobDeliveredMoreOftenThanAllowedFailsInsteadOfBeingSolvedAgain() {
        SolveRequest request = oneMove();
        // Each delivery whose worker died before the outcome was recorded leaves the job unfinished.
        for (int delivery = 1; delivery <= JobFlowFixture.MAX_DELIVERIES; delivery++) {
            assertEquals(JobStatus.DONE, published(fixture.flow.handle(request)).status(), "delivery " + delivery);
        }
        int searches = fixture.solver.searches().size();

        SolveOutcome abandoned = published(fixture.flow.handle(request));
        assertEquals(JobStatus.FAILED, abandoned.status());
        assertTrue(abandoned.error().is(ProblemType.DELIVERIES_EXHAUSTED), abandoned.error().type());
        assertTrue(abandoned.error().detail().startsWith("the job was taken 3 times"), abandoned.error().detail());
        assertEquals(searches, fixture.solver.searches().size(), "no search for the abandoned delivery");
    }

    @Test
    void aJobThatIsFinishedAlreadyOrGoneIsSkipped() {
        SolveRequest finished = oneMove();
        fixture.starts.finish(finished.jobId());
        SolveRequest expired = oneMove();
        fixture.starts.expire(expired.jobId());

        assertEquals(new Handled.Skip("finished"), fixture.flow.handle(finished));
        assertEquals(new Handled.Skip("gone"), fixture.flow.handle(expired));
        assertEquals(List.of(), fixture.solver.searches());
        assertEquals(List.of(), fixture.metrics.finished());
    }

    @Test
    void anOutcomeThatLosesToACancelIsNotCountedAsFinished() {
        SolveRequest request = oneMove();
        fixture.solver.answering((puzzle, mode, cancelled) -> {
            // Cancelled after the search's last check: it ends over budget all the same.
            fixture.cancellations.cancel(request.jobId());
            return ScriptedSolver.unsolved(Outcome.BUDGET_EXCEEDED);
        });

        SolveOutcome outcome = published(fixture.flow.handle(request));

        assertEquals(JobStatus.FAILED, outcome.status(), "published: the API's first recorded outcome decides");
        assertEquals(List.of(), fixture.metrics.finished(), "CANCELLED was recorded first, so this outcome never is");
        assertEquals(0, fixture.metrics.inFlight());
    }

    @Test
    void aSearchOverBudgetFailsNamingTheBudgetAndIsNotCached() {
        fixture.solver.answering((puzzle, mode, cancelled) -> ScriptedSolver.unsolved(Outcome.BUDGET_EXCEEDED));

        SolveOutcome outcome = published(fixture.flow.handle(oneMove()));
        assertEquals(JobStatus.FAILED, outcome.status());
        assertTrue(outcome.error().is(ProblemType.BUDGET_EXCEEDED), outcome.error().type());
        assertTrue(outcome.error().detail().contains("5000 ms, 200000 nodes"), outcome.error().detail());
        assertTrue(outcome.error().detail().contains("its node budget ran out after 200001 nodes"),
                outcome.error().detail());
        assertTrue(fixture.cache.isEmpty());
    }

    @Test
    void anUnsolvableBoardIsDoneWithItsProofCached() {
        fixture.solver.answering((puzzle, mode, cancelled) -> ScriptedSolver.unsolved(Outcome.UNSOLVABLE));
        SolveRequest request = fixture.submit("2 1 3 4 5 6 7 8 0");

        SolveOutcome outcome = published(fixture.flow.handle(request));
        assertEquals(JobStatus.DONE, outcome.status());
        assertFalse(outcome.result().solvable());
        assertNull(outcome.result().moves());
        assertFalse(fixture.cache.find(request.key()).orElseThrow().solvable());
    }

    private static SolveOutcome published(Handled handled) {
        return assertInstanceOf(Handled.Publish.class, handled).outcome();
    }
}
