package io.npuzzle.worker;

import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.pdb.PatternDatabases;
import io.npuzzle.core.solve.Mode;
import io.npuzzle.core.solve.SolveOptions;
import io.npuzzle.core.solve.SolveResult;
import io.npuzzle.core.solve.Solver;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import java.util.concurrent.Semaphore;
import java.util.function.BooleanSupplier;

/**
 * The core solver behind a fixed number of slots (one per core by default) and the configured budgets, so that
 * however many jobs are in flight, at most that many searches compete for the CPUs and none runs unbounded.
 */
@ApplicationScoped
public class BoundedSolver {

    /** One search thread per solve: the slots, not the searches, spread the work over the cores. */
    private final Solver solver = new Solver(PatternDatabases.atDefaultLocation(), 1);
    private final Semaphore slots;
    private final int concurrency;
    private final SolveOptions budget;

    BoundedSolver(WorkerConfig config) {
        this.concurrency = config.concurrency().orElse(Runtime.getRuntime().availableProcessors());
        this.slots = new Semaphore(concurrency, true);
        this.budget = SolveOptions.defaults().withBudget(config.solve().maxNodes(), config.solve().maxMillis());
    }

    public int concurrency() {
        return concurrency;
    }

    /** Whether the pattern databases are loaded. */
    public boolean isReady() {
        return solver.isReady();
    }

    public SolveOptions budget() {
        return budget;
    }

    /** Loads the 4x4 pattern databases and the most used table (3x3, usual goal) before the first job. */
    void warmUp(@Observes StartupEvent event) {
        solver.warmUp();
        solver.solve(Puzzle.parse("1 2 3 4 5 6 7 0 8", 3, 3, null));
    }

    /** Solves within the budget; the search stops early, CANCELLED, once {@code cancelled} says so. */
    public SolveResult solve(Puzzle puzzle, Mode mode, BooleanSupplier cancelled) {
        slots.acquireUninterruptibly();
        try {
            return solver.solve(puzzle, budget.withMode(mode).withCancellation(cancelled));
        } finally {
            slots.release();
        }
    }
}
