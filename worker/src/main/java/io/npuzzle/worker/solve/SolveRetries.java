package io.npuzzle.worker.solve;

import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.model.SolveOptions;
import io.npuzzle.core.model.SolveResult;
import io.npuzzle.core.solve.SolveCost;
import io.npuzzle.protocol.CachedSolution;
import io.npuzzle.protocol.ProblemType;
import io.npuzzle.protocol.Quality;
import io.npuzzle.worker.config.WorkerConfig;
import io.npuzzle.worker.lifecycle.GracefulStop;
import io.npuzzle.worker.lifecycle.UntilAvailable;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.jboss.logging.Logger;

import java.util.Locale;

/**
 * One search for a puzzle's answer, contained: a solver that throws, {@link Error}s included, is tried again a few
 * times and then gives a {@link Answer.Failed} answer instead of an exception, so a broken board ends its job and
 * never the consumer. A solver that throws while the worker stops failed because the worker's clients (Redis, Kafka)
 * are closing under it: the job is left whole for redelivery, neither retried nor failed.
 */
@ApplicationScoped
public class SolveRetries {

    private static final Logger LOG = Logger.getLogger(SolveRetries.class);

    private final BudgetedSolver solver;
    private final int attempts;
    private final GracefulStop stop;

    @Inject
    SolveRetries(BudgetedSolver solver, WorkerConfig config, GracefulStop stop) {
        this(solver, config.solve().attempts(), stop);
    }

    public SolveRetries(BudgetedSolver solver, int attempts, GracefulStop stop) {
        this.solver = solver;
        this.attempts = Math.max(1, attempts);
        this.stop = stop;
    }

    public Answer solve(Puzzle puzzle, Quality quality, Asker asker) {
        SolveResult result = null;
        for (int attempt = 1; result == null; attempt++) {
            try {
                result = solver.solve(puzzle, quality, asker);
            } catch (RuntimeException | Error e) {
                if (stop.stopping()) {
                    LOG.debugf(e, "the solver ended as the worker stops");
                    throw new UntilAvailable.Stopping();
                }
                // A JVM really out of memory exits instead (-XX:+ExitOnOutOfMemoryError) and the job's deliveries
                // are counted; any other Error (a stack overflow, a failed assertion) is this board's problem.
                LOG.errorf(e, "the solver failed on puzzle %s (attempt %d of %d)", puzzle.canonicalKey(), attempt,
                        attempts);
                if (attempt == attempts) {
                    return new Answer.Failed(ProblemType.SOLVER_ERROR.problem("the solver failed on this board "
                            + attempts + " times (" + e.getClass().getSimpleName() + ")"));
                }
            }
        }
        return switch (result.outcome()) {
            case SOLVED, UNSOLVABLE -> new Answer.Found(CachedSolution.of(result, quality), false);
            case BUDGET_EXCEEDED -> new Answer.Failed(ProblemType.BUDGET_EXCEEDED.problem(
                    overBudget(puzzle, quality, result)));
            case CANCELLED -> new Answer.Cancelled();
        };
    }

    /** Why there is no answer, and the best one found where the search holds one that breaks its promise. */
    private String overBudget(Puzzle puzzle, Quality quality, SolveResult result) {
        SolveOptions budget = quality.applyTo(solver.budget(SolveCost.of(puzzle.shape(), quality.mode())));
        String why = String.format(Locale.ROOT, "no %s answer for this %s board within the solve budget of %d ms,"
                        + " %d nodes and %d MiB: its %s ran out after %d nodes in %.0f ms", quality.label(),
                puzzle.shape(), budget.maxMillis(), budget.maxNodes(), budget.maxBytes() >> 20,
                result.exceeded().label(), result.expanded(), result.millis());
        if (result.moves() == null) {
            return why;
        }
        return why + String.format(Locale.ROOT, "; the best answer found, %d moves, is proven within %.3f of the"
                        + " shortest (which has at least %d): %s", result.length(), result.bound(),
                result.lowerBound().orElse(0), result.moves());
    }
}
