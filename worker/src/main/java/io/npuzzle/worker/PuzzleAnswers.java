package io.npuzzle.worker;

import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.solve.Mode;
import io.npuzzle.core.solve.SolveCost;
import io.npuzzle.core.solve.SolveOptions;
import io.npuzzle.core.solve.SolveResult;
import io.npuzzle.core.table.ExactTable;
import io.npuzzle.protocol.CachedSolution;
import io.npuzzle.protocol.Problem;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * Answers a puzzle from the cache, or solves it under the puzzle's Redis lock and fills the cache, so that
 * workers that meet the same puzzle at the same time (a rebalance can briefly split a partition's keys) solve it
 * once: the others wait for the cache instead. The lock is a lease, renewed while the solve runs, so the lock of a
 * worker that crashed lapses within seconds and the job's next delivery does not wait for it. Puzzles small
 * enough for an exact table skip the lock.
 */
@ApplicationScoped
public class PuzzleAnswers {

    private static final Logger LOG = Logger.getLogger(PuzzleAnswers.class);
    /** How often a worker waiting for another's solve looks at the cache; this path is rare, so plain polling. */
    private static final Duration WAIT_STEP = Duration.ofMillis(10);
    /** How long a solve lock outlives its last renewal; renewed three times as often. */
    private static final Duration LEASE = Duration.ofSeconds(10);

    private final SolutionCache cache;
    private final BoundedSolver solver;
    private final WorkerMetrics metrics;
    private final String owner;
    private final Duration longestWait;
    private final int attempts;
    private final ScheduledExecutorService renewals = Executors.newSingleThreadScheduledExecutor(task -> {
        Thread thread = new Thread(task, "solve-lock-renewals");
        thread.setDaemon(true);
        return thread;
    });

    PuzzleAnswers(SolutionCache cache, BoundedSolver solver, WorkerMetrics metrics, WorkerIdentity identity,
                  WorkerConfig config) {
        this.cache = cache;
        this.solver = solver;
        this.metrics = metrics;
        this.owner = identity.id();
        this.attempts = Math.max(1, config.solve().attempts());
        // Long enough for a solve that first waits for a slot; past it the waiter solves as well, which only costs time.
        long longestSolve = Math.max(solver.lane(SolveCost.QUICK).budget().maxMillis(),
                solver.lane(SolveCost.HEAVY).budget().maxMillis());
        this.longestWait = Duration.ofMillis(2 * longestSolve + LEASE.toMillis());
    }

    /** The answer; {@link Answer#cancelled()} when {@code cancelled} stopped the search. */
    public Answer answer(String key, Puzzle puzzle, Mode mode, BooleanSupplier cancelled) {
        boolean cheap = ExactTable.covers(puzzle.shape());
        long waitUntil = System.nanoTime() + longestWait.toNanos();
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
            if (cache.tryLock(key, mode.label(), owner, LEASE)) {
                ScheduledFuture<?> renewal = renewals.scheduleAtFixedRate(() -> renew(key, mode),
                        LEASE.toMillis() / 3, LEASE.toMillis() / 3, TimeUnit.MILLISECONDS);
                try {
                    return solve(key, puzzle, mode, cancelled);
                } finally {
                    renewal.cancel(false);
                    cache.unlock(key, mode.label(), owner);
                }
            }
            if (System.nanoTime() - waitUntil > 0) {
                LOG.warnf("puzzle %s stayed locked past %s; solving it here as well", key, longestWait);
                return solve(key, puzzle, mode, cancelled);
            }
            LockSupport.parkNanos(WAIT_STEP.toNanos());
        }
    }

    private void renew(String key, Mode mode) {
        try {
            cache.renewLock(key, mode.label(), owner, LEASE);
        } catch (RuntimeException e) {
            // A lapsed lease only lets another worker solve the same puzzle too.
            LOG.debugf("could not renew the solve lock of %s: %s", key, e);
        }
    }

    @PreDestroy
    void stopRenewals() {
        renewals.shutdownNow();
    }

    private Answer solve(String key, Puzzle puzzle, Mode mode, BooleanSupplier cancelled) {
        SolveResult result = null;
        for (int attempt = 1; result == null; attempt++) {
            try {
                result = solver.solve(puzzle, mode, cancelled);
            } catch (RuntimeException | Error e) {
                // An Error too (a stack overflow, a failed assertion) ends this job, never the consumer. A JVM really
                // out of memory exits instead (-XX:+ExitOnOutOfMemoryError) and the job's deliveries are counted.
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
            case BUDGET_EXCEEDED -> Answer.failed(Problem.budgetExceeded(overBudget(puzzle, mode, result)));
            case CANCELLED -> Answer.cancelled();
        };
    }

    private String overBudget(Puzzle puzzle, Mode mode, SolveResult result) {
        SolveOptions budget = solver.lane(SolveCost.of(puzzle.shape(), mode)).budget();
        return String.format("no %s answer for this %s board within the solve budget of %d ms, %d nodes and %d MiB"
                        + " (the search expanded %d nodes in %.0f ms)", mode.label(), puzzle.shape(),
                budget.maxMillis(), budget.maxNodes(), budget.maxBytes() >> 20, result.expanded(), result.millis());
    }
}
