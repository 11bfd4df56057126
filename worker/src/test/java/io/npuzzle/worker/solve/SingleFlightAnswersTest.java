package io.npuzzle.worker.solve;

import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.model.Outcome;
import io.npuzzle.protocol.Quality;
import io.npuzzle.worker.inmemory.InMemorySolutionCache;
import io.npuzzle.worker.inmemory.InMemorySolveLocks;
import io.npuzzle.worker.inmemory.ScriptedSolver;
import io.npuzzle.worker.lifecycle.GracefulStop;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SingleFlightAnswersTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    private static final Puzzle PUZZLE = Puzzle.parse("1 2 3 4 5 6 7 0 8", 3, 3, null);

    private final ScriptedSolver solver = new ScriptedSolver();
    /** Threads of their own: the common pool may have too few to run two blocked jobs side by side. */
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final SingleFlightAnswers answers = new SingleFlightAnswers(new CacheAndLockAnswers(
            new InMemorySolutionCache(), new InMemorySolveLocks(),
            new SolveRetries(solver, 3, new GracefulStop(Duration.ZERO)), TIMEOUT));
    private final CountDownLatch searching = new CountDownLatch(1);
    private final CountDownLatch finish = new CountDownLatch(1);

    @AfterEach
    void stopThreads() {
        threads.shutdownNow();
    }

    @Test
    void jobsAskingForThePuzzleWhileItIsSearchedForShareThatSearch() throws Exception {
        solver.answering((puzzle, quality, cancelled) -> {
            searching.countDown();
            await(finish);
            return ScriptedSolver.solved("r", true);
        });
        CompletableFuture<Answer> first = ask(() -> false);
        await(searching);
        CompletableFuture<Answer> second = joinTheSearch();
        finish.countDown();

        Answer.Found searched = assertInstanceOf(Answer.Found.class, first.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS));
        Answer.Found joined = assertInstanceOf(Answer.Found.class, second.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS));
        assertFalse(searched.fromCache());
        assertTrue(joined.fromCache(), "the joining job did not search for its answer");
        assertEquals(searched.solution(), joined.solution());
        assertEquals(1, solver.searches().size());
    }

    @Test
    void aJobThatJoinedASearchCancelledForAnotherJobSearchesAgain() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        solver.answering((puzzle, quality, cancelled) -> {
            if (calls.incrementAndGet() > 1) {
                return ScriptedSolver.solved("r", true);
            }
            searching.countDown();
            await(finish);
            return ScriptedSolver.unsolved(Outcome.CANCELLED);
        });
        AtomicBoolean firstCancelled = new AtomicBoolean();
        CompletableFuture<Answer> first = ask(firstCancelled::get);
        await(searching);
        CompletableFuture<Answer> second = joinTheSearch();
        firstCancelled.set(true);
        finish.countDown();

        assertInstanceOf(Answer.Cancelled.class, first.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS));
        Answer.Found found = assertInstanceOf(Answer.Found.class, second.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS));
        assertFalse(found.fromCache(), "its own search");
        assertEquals(2, solver.searches().size());
    }

    @Test
    void aCancelledJobGetsNoAnswerAndStartsNoSearch() {
        assertInstanceOf(Answer.Cancelled.class, answers.answer(PUZZLE.canonicalKey(), PUZZLE, Quality.OPTIMAL,
                Asker.anonymous(() -> true)));
        assertEquals(0, solver.searches().size());
    }

    private CompletableFuture<Answer> ask(BooleanSupplier cancelled) {
        return CompletableFuture.supplyAsync(() -> answers.answer(PUZZLE.canonicalKey(), PUZZLE, Quality.OPTIMAL,
                Asker.anonymous(cancelled)), threads);
    }

    /** A second job asking for the puzzle, once it waits for the search already under way. */
    private CompletableFuture<Answer> joinTheSearch() throws InterruptedException {
        AtomicReference<Thread> joiner = new AtomicReference<>();
        CompletableFuture<Answer> second = CompletableFuture.supplyAsync(() -> {
            joiner.set(Thread.currentThread());
            return answers.answer(PUZZLE.canonicalKey(), PUZZLE, Quality.OPTIMAL, Asker.anonymous(() -> false));
        }, threads);
        awaitWaiting(joiner);
        return second;
    }

    /** Until the thread waits, which it does only for the search it joined. */
    private static void awaitWaiting(AtomicReference<Thread> thread) throws InterruptedException {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (thread.get() == null || thread.get().getState() != Thread.State.WAITING) {
            assertTrue(System.nanoTime() < deadline, "the second job never waited for the first one's search");
            Thread.sleep(1);
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            assertTrue(latch.await(TIMEOUT.toSeconds(), TimeUnit.SECONDS), "timed out");
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }
}
