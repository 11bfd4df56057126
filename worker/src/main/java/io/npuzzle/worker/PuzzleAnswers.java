package io.npuzzle.worker;

import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.solve.Mode;
import io.npuzzle.core.solve.SolveOptions;
import io.npuzzle.core.solve.SolveResult;
import io.npuzzle.core.table.ExactTable;
import io.npuzzle.protocol.CachedSolution;
import io.npuzzle.protocol.Problem;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * Answers a puzzle from the cache, or solves it under the puzzle's Redis lock and fills the cache, so that
 * workers that meet the same puzzle at the same time (a rebalance can briefly split a partition's keys) solve it
 * once: the others wait for the cache instead. Puzzles small enough for an exact table skip the lock.
 */
@ApplicationScoped
public class PuzzleAnswers {

    private static final Logger LOG = Logger.getLogger(PuzzleAnswers.class);
    /** How often a worker waiting for another's solve looks at the cache; this path is rare, so plain polling. */
    private static final Duration WAIT_STEP = Duration.ofMillis(10);

    private final SolutionCache cache;
    private final BoundedSolver solver;
    private final WorkerMetrics metrics;
    private final String owner;
    private final Duration lockTtl;
    private final int attempts;

    PuzzleAnswers(SolutionCache cache, BoundedSolver solver, WorkerMetrics metrics, WorkerIdentity identity,
                  WorkerConfig config) {
        this.cache = cache;
        this.solver = solver;
        this.metrics = metrics;
        this.owner = identity.id();
        this.attempts = Math.max(1, config.solve().attempts());
        // Long enough for a solve that first waits for a slot; a lock that outlives its holder only costs time.
        this.lockTtl = Duration.ofMillis(2 * solver.budget().maxMillis() + 5_000);
    }

    /** The answer; {@link Answer#cancelled()} when {@code cancelled} stopped the search. */
    public Answer answer(String key, Puzzle puzzle, Mode mode, BooleanSupplier cancelled) {
        boolean cheap = ExactTable.covers(puzzle.shape());
        long waitUntil = System.nanoTime() + lockTtl.toNanos();
        while (true) {
            // Looked up again: a solve of this puzzle may have finished since the job started.
            CachedSolution cached = cache.find(key);
            if (cached != null && cached.serves(mode)) {
                return Answer.cached(cached);
            }
            if (cheap) {
                // A table answer takes microseconds, less than taking and releasing a lock.
                return solve(key, puzzle, mode, cancelled);
            }
            if (cache.tryLock(key, mode.label(), owner, lockTtl)) {
                try {
                    return solve(key, puzzle, mode, cancelled);
                } finally {
                    cache.unlock(key, mode.label(), owner);
                }
            }
            if (System.nanoTime() - waitUntil > 0) {
                LOG.warnf("puzzle %s stayed locked past %s; solving it here as well", key, lockTtl);
                return solve(key, puzzle, mode, cancelled);
            }
            LockSupport.parkNanos(WAIT_STEP.toNanos());
        }
    }

    private Answer solve(String key, Puzzle puzzle, Mode mode, BooleanSupplier cancelled) {
        SolveResult result = null;
        for (int attempt = 1; result == null; attempt++) {
            try {
                result = solver.solve(puzzle, mode, cancelled);
            } catch (RuntimeException e) {
                LOG.errorf(e, "the solver failed on puzzle %s (attempt %d of %d)", key, attempt, attempts);
                if (attempt == attempts) {
                    return Answer.failed(Problem.solverError("the solver failed on this board " + attempts
                            + " times (" + e.getClass().getSimpleName() + ")"));
                }
            }
        }
        metrics.solved(puzzle.shape(), result.outcome(), Duration.ofNanos(result.nanos()));
        return switch (result.outcome()) {
            case SOLVED, UNSOLVABLE -> {
                CachedSolution solution = CachedSolution.of(result);
                cache.store(key, solution);
                yield Answer.solved(solution);
            }
            case BUDGET_EXCEEDED -> Answer.failed(Problem.budgetExceeded(overBudget(puzzle, result)));
            case CANCELLED -> Answer.cancelled();
        };
    }

    private String overBudget(Puzzle puzzle, SolveResult result) {
        SolveOptions budget = solver.budget();
        return String.format("no answer for this %s board within the solve budget of %d ms and %d nodes"
                        + " (the search expanded %d nodes in %.0f ms)",
                puzzle.shape(), budget.maxMillis(), budget.maxNodes(), result.expanded(), result.millis());
    }
}
