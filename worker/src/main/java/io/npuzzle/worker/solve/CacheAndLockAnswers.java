package io.npuzzle.worker.solve;

import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.solve.SolveCost;
import io.npuzzle.core.table.ExactTable;
import io.npuzzle.protocol.CachedSolution;
import io.npuzzle.protocol.Quality;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.locks.LockSupport;

/**
 * Answers a puzzle from the cache, or solves it under the puzzle's lock and fills the cache, so that workers that
 * meet the same puzzle at the same time solve it once: the others wait for the cache instead. Puzzles small enough
 * for an exact table are solved at once: their answer takes microseconds, less than a cache look-up or a lock, and
 * is stored for the API's look-ups without waiting.
 */
@ApplicationScoped
public class CacheAndLockAnswers {

    private static final Logger LOG = Logger.getLogger(CacheAndLockAnswers.class);
    /** How often a worker waiting for another's solve looks at the cache; this path is rare, so plain polling. */
    private static final Duration WAIT_STEP = Duration.ofMillis(10);

    private final SolutionCache cache;
    private final SolveLocks locks;
    private final SolveRetries retries;
    private final Duration longestWait;

    @Inject
    CacheAndLockAnswers(SolutionCache cache, SolveLocks locks, SolveRetries retries, BudgetedSolver solver) {
        // Long enough for a solve that first waits for a slot, and for a crashed holder's lease to lapse; past it
        // the waiter solves as well, which only costs time.
        this(cache, locks, retries, Duration.ofMillis(2 * Math.max(solver.budget(SolveCost.QUICK).maxMillis(),
                solver.budget(SolveCost.HEAVY).maxMillis()) + SolveLocks.LEASE.toMillis()));
    }

    /** @param longestWait how long to wait for another holder of the puzzle's lock before solving it here too */
    public CacheAndLockAnswers(SolutionCache cache, SolveLocks locks, SolveRetries retries, Duration longestWait) {
        this.cache = cache;
        this.locks = locks;
        this.retries = retries;
        this.longestWait = longestWait;
    }

    /** The answer; {@link Answer.Cancelled} when the job's cancellation stopped the search. */
    public Answer answer(String key, Puzzle puzzle, Quality quality, Asker asker) {
        if (skipsTheCache(puzzle)) {
            Answer answer = retries.solve(puzzle, quality, asker);
            if (answer instanceof Answer.Found found) {
                cache.storeInBackground(key, found.solution());
            }
            return answer;
        }
        long waitUntil = System.nanoTime() + longestWait.toNanos();
        while (true) {
            // Looked up again: a solve of this puzzle may have finished since the job started.
            Optional<CachedSolution> cached = cache.find(key).filter(solution -> solution.serves(quality));
            if (cached.isPresent()) {
                return new Answer.Found(cached.get(), true);
            }
            Optional<SolveLocks.Lease> lease = locks.tryLock(key, quality);
            if (lease.isPresent()) {
                try (SolveLocks.Lease held = lease.get()) {
                    return solve(key, puzzle, quality, asker);
                }
            }
            if (System.nanoTime() - waitUntil > 0) {
                LOG.warnf("puzzle %s stayed locked past %s; solving it here as well", key, longestWait);
                return solve(key, puzzle, quality, asker);
            }
            LockSupport.parkNanos(WAIT_STEP.toNanos());
        }
    }

    /** Whether a puzzle is solved without looking in the cache first: an exact table covers it. */
    public static boolean skipsTheCache(Puzzle puzzle) {
        return ExactTable.covers(puzzle.shape());
    }

    private Answer solve(String key, Puzzle puzzle, Quality quality, Asker asker) {
        Answer answer = retries.solve(puzzle, quality, asker);
        if (answer instanceof Answer.Found found) {
            cache.store(key, found.solution());
        }
        return answer;
    }
}
