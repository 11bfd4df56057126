package io.npuzzle.core.solve;

import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.board.Shape;
import io.npuzzle.core.fast.BeamKey;
import io.npuzzle.core.fast.ReductionSolver;
import io.npuzzle.core.pdb.PatternDatabases;
import io.npuzzle.core.pdb.PdbHeuristic;
import io.npuzzle.core.pdb.PdbStateEstimate;
import io.npuzzle.core.search.AStarSearch;
import io.npuzzle.core.search.Budget;
import io.npuzzle.core.search.IdaStarSearch;
import io.npuzzle.core.search.ManhattanLinearConflict;
import io.npuzzle.core.search.PathAutomaton;
import io.npuzzle.core.search.SubtreeSearch;
import io.npuzzle.core.table.ExactTable;
import io.npuzzle.core.table.ExactTables;

import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The one entry point. Checks solvability by parity, answers small shapes from exact tables, then:
 * OPTIMAL solves boards of 11 to 25 cells by IDA* with pattern databases (built on first use where allowed) and
 * larger ones by A*, within the budget; when the budget runs out (not when cancelled) it reports so, or, if the
 * options ask for a fallback, returns the FAST answer instead, marked not optimal, with a strategy naming the
 * fallback. BOUNDED runs weighted A* with the same estimates, where databases cover the board for a short trial
 * and then weighted IDA*, and its answers carry the options' ratio as their bound. FAST reduces the board row by
 * row and column by column until a region that stored databases cover (finished by weighted IDA* with falling
 * weights, or optimally on 4x4) or an exact table is left, choosing the last lines also for the estimate of the region they leave; with a second core, two
 * such reductions with differently keyed beams run at once and the shorter answer is kept.
 * Thread-safe; keep one instance per process so tables and databases are built once.
 */
public final class Solver {

    /**
     * Limits of each search a FAST answer may try on a region. The node limit normally binds first, so FAST
     * answers do not depend on the machine's load; the time limit keeps them quick on a busy one, with room
     * for its delays (threads waiting for a core, the compiler) within a second.
     */
    static final long FAST_SEARCH_NODES = 1_500_000;
    static final long FAST_SEARCH_MILLIS = 700;
    /**
     * Weights the weighted IDA* of a FAST answer tries in turn, sharing {@link #FAST_ANYTIME_NODES}: on Korf's 50
     * 24-puzzles 1.6 answers all but one within 10 M nodes, and each lower weight shortens the answers while
     * needing more nodes.
     */
    private static final double[] FAST_IDA_WEIGHTS = {1.6, 1.4, 1.3, 1.25, 1.2};
    private static final long FAST_ANYTIME_NODES = 6_000_000;
    /** Nodes the first weight may take: enough for 49 of Korf's 50, leaving the rest to lower weights. */
    private static final long FAST_FIRST_NODES = 3_000_000;
    /** Tried once when the first weight found no answer: on Korf's 50 it needs 134 K nodes on average. */
    private static final double FAST_RESCUE_WEIGHT = 2.0;
    /**
     * What the finisher's answer on a region is expected to be per unit of the databases' estimate, on 5x5:
     * the estimate is about 0.8 of the shortest length, the answer about 1.1 times the shortest.
     */
    private static final double FAST_MOVES_PER_ESTIMATE = 1.35;
    /** Weights the weighted A* of a FAST answer tries in turn, each with the node budget, when IDA* found none. */
    private static final double[] FAST_WEIGHTS = {1.5, 2.5};
    /** Largest region a FAST answer searches optimally first (4x4), and for how long at most. */
    private static final int FAST_OPTIMAL_CELLS = 16;
    private static final long FAST_OPTIMAL_MILLIS = 250;
    /** Memory a FAST weighted A* may hold. */
    private static final long FAST_SEARCH_BYTES = 256L << 20;
    /**
     * Nodes a bounded search spends on weighted A* before weighted IDA* takes over (a few tenths of a second):
     * enough for the ratios at which A* answers at once (ratio 1.5 on the hardest of 20 random 4x5 boards: 49 k
     * nodes), and little where A* would need millions.
     */
    private static final long BOUNDED_A_STAR_NODES = 100_000;

    private static final Strategy PARITY = Strategy.of(Algorithm.PARITY);
    private static final Strategy EXACT_TABLE = Strategy.of(Algorithm.EXACT_TABLE);

    private final ExactTables tables = new ExactTables();
    private final PatternDatabases databases;
    private final int threads;
    private final ExecutorService workerPool;
    /** Runs the second reduction of a FAST answer, one at a time per core beyond the caller's. */
    private final ExecutorService fastPool;

    /** Databases in the default cache directory, searches on every core. */
    public Solver() {
        this(PatternDatabases.atDefaultLocation(), Runtime.getRuntime().availableProcessors());
    }

    /**
     * @param threads threads one 4x4 search may use, the caller's included
     */
    public Solver(PatternDatabases databases, int threads) {
        this.databases = databases;
        this.threads = Math.max(1, threads);
        this.workerPool = this.threads > 1 ? Executors.newFixedThreadPool(this.threads - 1, Solver::daemon) : null;
        this.fastPool = this.threads > 1 ? Executors.newFixedThreadPool(this.threads - 1, Solver::daemon) : null;
    }

    /**
     * Loads or builds the pattern databases of the common goals, and makes the searches' pruning machine; blocks
     * until they are in memory.
     */
    public void warmUp() {
        PathAutomaton.standard();
        databases.warmUp();
    }

    /** True once {@link #warmUp()} has finished. */
    public boolean isReady() {
        return databases.isReady();
    }

    public SolveResult solve(Puzzle puzzle) {
        return solve(puzzle, SolveOptions.defaults());
    }

    public SolveResult solve(Puzzle puzzle, SolveOptions options) {
        long started = System.nanoTime();
        if (!puzzle.isSolvable()) {
            return SolveResult.unsolved(Outcome.UNSOLVABLE, null, 0, System.nanoTime() - started, PARITY);
        }
        if (puzzle.isSolved()) {
            return SolveResult.solved("", true, 0, System.nanoTime() - started, PARITY);
        }
        if (ExactTable.covers(puzzle.shape())) {
            String moves = table(puzzle).solve(puzzle.relabelledStart());
            return SolveResult.solved(moves, true, 0, System.nanoTime() - started, EXACT_TABLE);
        }
        if (options.mode() == Mode.FAST) {
            return fast(puzzle, options, true, started);
        }
        SolveResult optimal = optimal(puzzle, options, started);
        if (optimal.isSolved() && !optimal.optimal()) {
            return optimal.withBound(options.ratio());
        }
        if (optimal.outcome() != Outcome.BUDGET_EXCEEDED || !options.fastFallback()) {
            return optimal;
        }
        SolveResult fast = fast(puzzle, options, false, started);
        return new SolveResult(fast.outcome(), fast.moves(), fast.optimal(), optimal.expanded() + fast.expanded(),
                System.nanoTime() - started, fast.strategy().after(optimal.strategy().last()), fast.exceeded());
    }

    /**
     * The optimal search of {@code puzzle} as pieces other processes can share ({@link SubtreeSearch}), for a
     * solvable, unsolved puzzle that IDA* with pattern databases would solve here; empty for any other.
     */
    public Optional<SubtreeSearch> subtreeSearch(Puzzle puzzle) {
        Shape shape = puzzle.shape();
        if (!puzzle.isSolvable() || puzzle.isSolved() || ExactTable.covers(shape) || !PatternDatabases.supports(shape)) {
            return Optional.empty();
        }
        PdbHeuristic heuristic = databases.heuristic(shape, puzzle.goalBlank());
        return heuristic == null ? Optional.empty()
                : Optional.of(new SubtreeSearch(heuristic, puzzle.relabelledStart()));
    }

    /** The exact table a small puzzle is answered from, built on first use. */
    public ExactTable table(Puzzle puzzle) {
        return tables.get(puzzle.shape(), puzzle.goalBlank());
    }

    /**
     * OPTIMAL: IDA* with the databases where they exist (or may be built here), else A*. BOUNDED: weighted A*
     * with the same estimate ({@link #bounded} where databases exist).
     */
    private SolveResult optimal(Puzzle puzzle, SolveOptions options, long started) {
        Shape shape = puzzle.shape();
        PdbHeuristic heuristic = PatternDatabases.supports(shape)
                ? databases.heuristic(shape, puzzle.goalBlank()) : null;
        // A first build of the databases is not the search's doing, so the budget starts afterwards.
        long searchStart = System.nanoTime();
        Budget budget = new Budget(options, heuristic != null ? searchStart : started);
        SolveResult result;
        if (options.mode() == Mode.BOUNDED && heuristic != null) {
            result = bounded(heuristic, puzzle, options, searchStart);
        } else if (options.mode() == Mode.BOUNDED) {
            result = new AStarSearch(shape, new ManhattanLinearConflict(shape, puzzle.goalBlank()), options.ratio())
                    .solve(puzzle.relabelledStart(), budget, searchStart, options.progress());
        } else if (heuristic != null) {
            result = new IdaStarSearch(heuristic, workerPool, threads)
                    .solve(puzzle.relabelledStart(), budget, searchStart, options.progress());
        } else {
            result = new AStarSearch(shape, puzzle.goalBlank())
                    .solve(puzzle.relabelledStart(), budget, searchStart, options.progress());
        }
        return result.withNanos(System.nanoTime() - started);
    }

    /**
     * A bounded answer with the databases: weighted A* for {@link #BOUNDED_A_STAR_NODES} nodes, then weighted IDA*
     * with the rest of the budget (or where A* runs out of memory). At large ratios A* answers within its trial and
     * shorter (Korf's first 40 15-puzzles at ratio 2: 2,636 moves in all against 2,972); at small ones it needs
     * millions of nodes at a twentieth of IDA*'s node rate, and IDA* answers as short, sooner (bench/bounded, Korf's
     * first ten 24-puzzles at ratio 1.25: 2.1 s in all against 19.8 s; random 4x5 boards at 1.1 in 9-22 s, where A*
     * found none in 30 s).
     */
    private SolveResult bounded(PdbHeuristic heuristic, Puzzle puzzle, SolveOptions options, long searchStart) {
        long trialNodes = Math.min(options.maxNodes(), BOUNDED_A_STAR_NODES);
        SolveResult trial = new AStarSearch(puzzle.shape(), new PdbStateEstimate(heuristic), options.ratio())
                .solve(puzzle.relabelledStart(), new Budget(options.withBudget(trialNodes, options.maxMillis()),
                        searchStart), searchStart, options.progress());
        boolean trialOver = trial.exceeded() == Limit.MEMORY
                || trial.exceeded() == Limit.NODES && trialNodes < options.maxNodes();
        if (!trialOver) {
            return trial; // answered, cancelled, or out of the whole budget
        }
        // Weighted IDA* holds no memory: it goes on where weighted A* stopped, with what budget is left.
        long now = System.nanoTime();
        SolveOptions rest = options.withBudget(Math.max(1, options.maxNodes() - trial.expanded()),
                Math.max(1, options.maxMillis() - (now - searchStart) / 1_000_000));
        SolveResult result = new IdaStarSearch(heuristic, workerPool, threads, options.ratio())
                .solve(puzzle.relabelledStart(), new Budget(rest, now), searchStart, options.progress());
        return new SolveResult(result.outcome(), result.moves(), result.optimal(),
                trial.expanded() + result.expanded(), result.nanos(), result.strategy().after(Algorithm.A_STAR),
                result.exceeded(), result.bound());
    }

    /**
     * Where beams place tiles and another core is free, a second reduction with the other beam key runs beside the
     * first, and the shorter answer is taken: on 7x7 boards 354-357 moves instead of 364-369, on 8x8 583-592
     * instead of 607-619, in the same second.
     *
     * @param searchWholeBoard false when an optimal search of the whole board has just run out of budget,
     *                         so that the finisher does not try it again
     */
    private SolveResult fast(Puzzle puzzle, SolveOptions options, boolean searchWholeBoard, long started) {
        long fastStart = System.nanoTime();
        long millis = Math.min(options.maxMillis(), ReductionSolver.ANSWER_MILLIS);
        // One deadline for every region's searches: past it, regions are reduced down to an exact table.
        long searchDeadline = fastStart + Math.min(options.maxMillis(), FAST_SEARCH_MILLIS) * 1_000_000L;
        Future<SolveResult> second = fastPool == null || !ReductionSolver.placesByBeams(puzzle.shape()) ? null
                : fastPool.submit(() -> {
                    // Queued behind other answers' second reductions, it takes what time is left, if enough.
                    long left = millis - (System.nanoTime() - fastStart) / 1_000_000L;
                    return left < millis / 2 ? null : reduce(puzzle, options, searchWholeBoard, started,
                            BeamKey.OUTER_HEAVIER, null, 1, searchDeadline, left);
                });
        SolveResult first = reduce(puzzle, options, searchWholeBoard, started, BeamKey.STANDARD, workerPool, threads,
                searchDeadline, millis);
        return second == null ? first : shorter(first, second, fastStart + millis * 1_000_000L, started);
    }

    /** One reduction of the board: beams with the given key, regions finished with the given search threads. */
    private SolveResult reduce(Puzzle puzzle, SolveOptions options, boolean searchWholeBoard, long started,
                               BeamKey beamKey, ExecutorService pool, int searchThreads, long searchDeadline,
                               long millis) {
        Shape whole = puzzle.shape();
        return ReductionSolver.solve(puzzle, (shape, goalBlank, state) -> {
            if (shape.size() <= ReductionSolver.FINISH_CELLS) {
                String moves = tables.get(shape, goalBlank).solve(state);
                return SolveResult.solved(moves, true, 0, 0, EXACT_TABLE);
            }
            PdbHeuristic heuristic = !PatternDatabases.supports(shape) ? null
                    : !shape.equals(whole) ? databases.heuristicInMemory(shape, goalBlank)
                    : searchWholeBoard ? databases.heuristicIfStored(shape, goalBlank) : null;
            return heuristic == null ? null
                    : finish(heuristic, state, options, searchDeadline, pool, searchThreads);
        }, (shape, goalBlank, state) -> {
            PdbHeuristic heuristic = PatternDatabases.supports(shape) && shape.size() > FAST_OPTIMAL_CELLS
                    ? databases.heuristicInMemory(shape, goalBlank) : null;
            return heuristic == null ? -1 : (int) Math.round(FAST_MOVES_PER_ESTIMATE * heuristic.estimate(state));
        }, databases::beamGuideInMemory, beamKey, started, millis);
    }

    /**
     * The shorter of the first reduction's answer and the second's, waiting for the second until the answer's
     * deadline at most; the first when it was cancelled or the second is late or found none.
     */
    private static SolveResult shorter(SolveResult first, Future<SolveResult> second, long deadlineNanos,
                                       long started) {
        if (!first.isSolved()) {
            second.cancel(true);
            return first;
        }
        SolveResult other = null;
        try {
            other = second.get(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            // late: the first answer stands
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException e) {
            throw new IllegalStateException("the second reduction failed", e.getCause());
        } finally {
            second.cancel(true);
        }
        boolean shorter = other != null && other.isSolved() && other.length() < first.length();
        return (shorter ? other : first).withNanos(System.nanoTime() - started);
    }

    /**
     * A quick search of a region the databases cover: IDA* on regions up to 4x4, whose answers are optimal, then
     * weighted IDA* with falling weights (an anytime scheme, as in Hansen and Zhou 2007) sharing one node budget,
     * the shortest answer kept; weighted A* (Pohl 1970) only when none of them found one. All before the answer's
     * deadline; null when nothing finds an answer in time, so that the region is reduced further.
     */
    private SolveResult finish(PdbHeuristic heuristic, byte[] state, SolveOptions options, long deadline,
                               ExecutorService pool, int searchThreads) {
        Shape shape = heuristic.shape();
        if (shape.size() <= FAST_OPTIMAL_CELLS) {
            long now = System.nanoTime();
            long millis = Math.min(FAST_OPTIMAL_MILLIS, (deadline - now) / 1_000_000L);
            if (millis <= 0) {
                return null;
            }
            SolveOptions step = options.withBudget(Math.min(options.maxNodes(), FAST_SEARCH_NODES), millis);
            SolveResult result = new IdaStarSearch(heuristic, pool, searchThreads).solve(state, new Budget(step, now), now);
            if (result.isSolved() || result.outcome() == Outcome.CANCELLED) {
                return result.isSolved() ? result : null;
            }
        }
        SolveResult best = null;
        long nodesLeft = Math.min(options.maxNodes(), FAST_ANYTIME_NODES);
        for (int i = 0; i < FAST_IDA_WEIGHTS.length && nodesLeft > 0; i++) {
            // A hard board may stall the first weight: then a greedier one answers with the nodes left.
            boolean rescue = best == null && i > 0;
            double weight = rescue ? FAST_RESCUE_WEIGHT : FAST_IDA_WEIGHTS[i];
            long now = System.nanoTime();
            long millis = (deadline - now) / 1_000_000L;
            if (millis <= 0) {
                break;
            }
            long nodes = i == 0 ? Math.min(nodesLeft, FAST_FIRST_NODES) : nodesLeft;
            SolveResult result = new IdaStarSearch(heuristic, pool, searchThreads, weight)
                    .solve(state, new Budget(options.withBudget(nodes, millis), now), now);
            nodesLeft -= result.expanded();
            if (result.isSolved() && (best == null || result.length() < best.length())) {
                best = result.withBound(weight);
            }
            if (!result.isSolved() && (rescue || best != null)) {
                break; // lower weights would need more nodes still
            }
        }
        return best != null ? best : weightedAStar(shape, heuristic, state, options, deadline);
    }

    /** Weighted A* (Pohl 1970) with growing weights, before the deadline; null when none finds an answer. */
    private static SolveResult weightedAStar(Shape shape, PdbHeuristic heuristic, byte[] state, SolveOptions options,
                                             long deadline) {
        for (double weight : FAST_WEIGHTS) {
            long now = System.nanoTime();
            long millis = (deadline - now) / 1_000_000L;
            if (millis <= 0) {
                return null;
            }
            SolveOptions step = options.withBudget(Math.min(options.maxNodes(), FAST_SEARCH_NODES), millis)
                    .withMemory(Math.min(options.maxBytes(), FAST_SEARCH_BYTES));
            SolveResult result = new AStarSearch(shape, new PdbStateEstimate(heuristic), weight)
                    .solve(state, new Budget(step, now), now);
            if (result.isSolved()) {
                return result.withBound(weight);
            }
            if (result.outcome() == Outcome.CANCELLED) {
                return null;
            }
        }
        return null;
    }

    private static Thread daemon(Runnable task) {
        Thread thread = new Thread(task, "npuzzle-search");
        thread.setDaemon(true);
        return thread;
    }
}
