package io.npuzzle.worker.solve;

import io.npuzzle.core.board.Puzzle;
import io.npuzzle.protocol.CachedSolution;
import io.npuzzle.protocol.Quality;
import io.npuzzle.worker.inmemory.InMemorySolutionCache;
import io.npuzzle.worker.inmemory.InMemorySolveLocks;
import io.npuzzle.worker.inmemory.ScriptedSolver;
import io.npuzzle.worker.lifecycle.GracefulStop;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CacheAndLockAnswersTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    /** No exact table covers 4x4: its solves take the lock. */
    private static final Puzzle FOUR_BY_FOUR = Puzzle.parse("1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15", 4, 4, null);
    private static final String KEY = FOUR_BY_FOUR.canonicalKey();

    private final InMemorySolutionCache cache = new InMemorySolutionCache();
    private final InMemorySolveLocks locks = new InMemorySolveLocks();
    private final ScriptedSolver solver = new ScriptedSolver();
    /** Threads of their own: the common pool may have too few to run two blocked jobs side by side. */
    private final ExecutorService threads = Executors.newCachedThreadPool();

    private CacheAndLockAnswers answerer(Duration longestWait) {
        return new CacheAndLockAnswers(cache, locks, new SolveRetries(solver, 3, new GracefulStop(Duration.ZERO)),
                longestWait);
    }

    @AfterEach
    void stopThreads() {
        threads.shutdownNow();
    }

    @Test
    void aPuzzleIsSolvedUnderItsLockWhichIsGivenUpAfterwards() {
        AtomicBoolean lockedWhileSearching = new AtomicBoolean();
        solver.answering((puzzle, quality, cancelled) -> {
            lockedWhileSearching.set(locks.isHeldHere(KEY, quality));
            return ScriptedSolver.solved("r", true);
        });

        Answer.Found found = assertInstanceOf(Answer.Found.class,
                answerer(TIMEOUT).answer(KEY, FOUR_BY_FOUR, Quality.OPTIMAL, Asker.anonymous(() -> false)));
        assertFalse(found.fromCache());
        assertTrue(lockedWhileSearching.get());
        assertFalse(locks.isHeldHere(KEY, Quality.OPTIMAL), "released");
        assertEquals("r", cache.find(KEY).orElseThrow().moves());
    }

    @Test
    void aPuzzleLockedByAnotherWorkerIsAnsweredFromItsSolution() throws Exception {
        locks.holdElsewhere(KEY, Quality.OPTIMAL);
        CompletableFuture<Answer> answer = CompletableFuture.supplyAsync(
                () -> answerer(TIMEOUT).answer(KEY, FOUR_BY_FOUR, Quality.OPTIMAL, Asker.anonymous(() -> false)),
                threads);
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (locks.tries() == 0 && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        // The other worker's answer, deliberately not the shortest, so it can be told apart.
        cache.store(KEY, new CachedSolution(true, "rlr", true, 1.0, 10));

        Answer.Found found = assertInstanceOf(Answer.Found.class, answer.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS));
        assertEquals("rlr", found.solution().moves());
        assertTrue(found.fromCache());
        assertEquals(0, solver.searches().size());
    }

    @Test
    void aPuzzleLockedPastTheLongestWaitIsSolvedHereAsWell() {
        locks.holdElsewhere(KEY, Quality.OPTIMAL);

        Answer.Found found = assertInstanceOf(Answer.Found.class,
                answerer(Duration.ofMillis(30)).answer(KEY, FOUR_BY_FOUR, Quality.OPTIMAL, Asker.anonymous(() -> false)));
        assertFalse(found.fromCache());
        assertEquals(1, solver.searches().size());
    }

    @Test
    void aBoardAnExactTableCoversIsSolvedWithoutTheLockOrACacheLookUpAndItsAnswerCached() {
        Puzzle small = Puzzle.parse("1 2 3 4 5 6 7 0 8", 3, 3, null);
        solver.answering((puzzle, quality, cancelled) -> ScriptedSolver.solved("l", true));

        Answer.Found found = assertInstanceOf(Answer.Found.class,
                answerer(TIMEOUT).answer(small.canonicalKey(), small, Quality.OPTIMAL, Asker.anonymous(() -> false)));
        assertFalse(found.fromCache());
        assertEquals(0, locks.tries());
        assertEquals(0, cache.lookUps());
        assertEquals(1, solver.searches().size());
        assertEquals("l", cache.find(small.canonicalKey()).orElseThrow().moves());
    }
}
