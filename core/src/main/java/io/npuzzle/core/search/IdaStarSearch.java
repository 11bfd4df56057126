package io.npuzzle.core.search;

import io.npuzzle.core.model.Algorithm;
import io.npuzzle.core.model.Limit;
import io.npuzzle.core.model.Outcome;
import io.npuzzle.core.model.ProgressListener;
import io.npuzzle.core.model.SolveResult;
import io.npuzzle.core.model.Strategy;
import io.npuzzle.core.pdb.PdbHeuristic;
import it.unimi.dsi.fastutil.longs.LongArrayList;

import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

/**
 * Iterative-deepening A* (Korf 1985) with an additive pattern database estimate: the thresholds and the
 * threads. Each iteration deeper than {@link #SPLIT_DEPTH} first walks the tree down to that depth and lists the
 * surviving nodes, those that came nearest a solution in the iteration before first ({@link SubtreeHistory}); the
 * threads then take these subtrees in turn ({@link IdaStarIteration}), each with its own {@link DepthFirstKernel}.
 * The answer is the first solution in that order, the same on one thread as on many, so it never depends on thread
 * timing.
 *
 * <p>With weight 1 every answer is optimal. With a weight w above 1, f = g + floor(w * h) (weighted IDA*): the
 * first solution found is at most w times the shortest length, since every node of a shortest path has
 * f <= w * C* and each threshold is the least f above the previous one.
 *
 * <p>Each threshold proves every answer at least as long (for weight w, at least threshold / w): a search that runs
 * out of budget reports that bound, and with an {@link Incumbent} it ends as soon as the bound proves the
 * incumbent's answer.
 */
public final class IdaStarSearch {

    /** Depth at which the tree is split into independent subtrees. */
    static final int SPLIT_DEPTH = 10;
    private static final Strategy STRATEGY = Strategy.of(Algorithm.IDA_STAR_PDB);

    private final PdbHeuristic heuristic;
    private final Executor workerPool;
    private final int threads;
    private final double weight;

    /**
     * @param workerPool runs the other threads of a parallel iteration; null to search on the calling thread only
     * @param threads    threads per iteration, the calling thread included
     * @param weight     w, at least 1; 1 for optimal answers
     */
    public IdaStarSearch(PdbHeuristic heuristic, Executor workerPool, int threads, double weight) {
        if (!(weight >= 1.0)) {
            throw new IllegalArgumentException("weight must be at least 1");
        }
        this.heuristic = heuristic;
        this.workerPool = workerPool;
        this.threads = workerPool == null ? 1 : Math.max(1, threads);
        this.weight = weight;
    }

    public IdaStarSearch(PdbHeuristic heuristic, Executor workerPool, int threads) {
        this(heuristic, workerPool, threads, 1.0);
    }

    /** Solves a solvable relabelled start; the caller has checked parity. */
    public SolveResult solve(byte[] start, Budget budget, long startNanos) {
        return solve(start, budget, startNanos, ProgressListener.NONE);
    }

    public SolveResult solve(byte[] start, Budget budget, long startNanos, ProgressListener progress) {
        return solve(start, budget, startNanos, progress, Incumbent.none(weight));
    }

    /**
     * As {@link #solve(byte[], Budget, long, ProgressListener)}, with the answer {@code incumbent} holds, or asks for
     * once the search has run a while, as an upper bound. Each threshold proves a lower bound before its iteration
     * starts, and an iteration is searched only while that bound leaves the incumbent unproven: every node it enters
     * then has g + h below the incumbent's length, at no cost per node. So the incumbent is taken, or the search's
     * own answer, only at iteration boundaries, whose node counts do not depend on threads: the answer never
     * depends on thread timing either.
     */
    public SolveResult solve(byte[] start, Budget budget, long startNanos, ProgressListener progress,
                             Incumbent incumbent) {
        SearchRun run = new SearchRun(start, budget, progress, startNanos, incumbent);
        DepthFirstKernel main = kernel(run);
        int estimate = main.reset();
        boolean optimal = weight == 1.0;
        int parity = heuristic.shape().distance(main.startBlank(), heuristic.goalBlank()) & 1;
        int threshold = optimal ? withParity(estimate, parity) : main.f(0, estimate);
        incumbent.offerLowerBound(withParity(estimate, parity));
        SubtreeHistory history = new SubtreeHistory();
        while (true) {
            run.bound = threshold;
            incumbent.offerLowerBound(withParity(incumbent.leastLength(threshold), parity));
            run.maybeAskQuickAnswer(run.nodes.get());
            if (incumbent.proven()) {
                return incumbent.provenAnswer(run.nodes.get(), System.nanoTime() - startNanos);
            }
            IdaStarIteration iteration = threshold > SPLIT_DEPTH
                    ? splitIteration(run, main, threshold, history)
                    : wholeIteration(main, threshold);
            long nanos = System.nanoTime() - startNanos;
            if (iteration.solution != null) {
                return incumbent.better(
                        SolveResult.solved(iteration.solution, optimal, run.nodes.get(), nanos, STRATEGY));
            }
            if (run.stop != null) {
                return SolveResult.unsolved(run.stop, run.budget.exceeded(), run.nodes.get(), nanos, STRATEGY)
                        .withLowerBound(incumbent.lowerBound());
            }
            if (iteration.nextThreshold == DepthFirstKernel.NONE) {
                throw new IllegalStateException("no solution below any threshold for a solvable board");
            }
            history.remember(iteration.roots, iteration.rootNodes, iteration.rootApproaches, SPLIT_DEPTH);
            threshold = optimal ? withParity(iteration.nextThreshold, parity) : iteration.nextThreshold;
            if (threshold > DepthFirstKernel.MAX_DEPTH) {
                return SolveResult.unsolved(Outcome.BUDGET_EXCEEDED, Limit.DEPTH, run.nodes.get(), nanos, STRATEGY)
                        .withLowerBound(incumbent.lowerBound());
            }
        }
    }

    private DepthFirstKernel kernel(SearchRun run) {
        return new DepthFirstKernel(run, heuristic, weight, threads, SPLIT_DEPTH);
    }

    /**
     * The least bound not below {@code f} with the parity every solution length has (each move takes the
     * blank to a cell of the other colour of the checkerboard). Iterations then grow by two, and a move's
     * views may stop as soon as one of them prunes it: a bound below the true f still rounds up correctly.
     */
    private static int withParity(int f, int parity) {
        return f + ((f ^ parity) & 1);
    }

    private IdaStarIteration wholeIteration(DepthFirstKernel kernel, int threshold) {
        IdaStarIteration iteration = new IdaStarIteration(threshold, null);
        kernel.run(iteration, -1, 0);
        kernel.publish();
        return iteration;
    }

    private IdaStarIteration splitIteration(SearchRun run, DepthFirstKernel main, int threshold,
                                            SubtreeHistory history) {
        LongArrayList roots = new LongArrayList();
        IdaStarIteration collecting = new IdaStarIteration(threshold, roots);
        main.run(collecting, SPLIT_DEPTH, 0);
        main.publish();
        if (collecting.solution != null || run.stop != null) {
            return collecting;
        }
        IdaStarIteration iteration = new IdaStarIteration(threshold, null);
        iteration.setRoots(history.order(roots.toLongArray(), SPLIT_DEPTH));
        iteration.offerThreshold(collecting.nextThreshold);
        for (int t = 1; t < threads; t++) {
            try {
                workerPool.execute(() -> joinIteration(iteration, kernel(run)));
            } catch (RejectedExecutionException e) {
                break; // the calling thread does the work alone
            }
        }
        iteration.work(main);
        iteration.close();
        return iteration;
    }

    private static void joinIteration(IdaStarIteration iteration, DepthFirstKernel kernel) {
        if (iteration.join()) {
            try {
                iteration.work(kernel);
            } finally {
                iteration.leave();
            }
        }
    }
}
