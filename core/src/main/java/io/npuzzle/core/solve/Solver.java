package io.npuzzle.core.solve;

import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.board.Shape;
import io.npuzzle.core.fast.FastSolver;
import io.npuzzle.core.fast.FastTuning;
import io.npuzzle.core.model.Algorithm;
import io.npuzzle.core.model.Limit;
import io.npuzzle.core.model.Mode;
import io.npuzzle.core.model.Outcome;
import io.npuzzle.core.model.ProgressListener;
import io.npuzzle.core.model.SolveOptions;
import io.npuzzle.core.model.SolveResult;
import io.npuzzle.core.model.Strategy;
import io.npuzzle.core.pdb.LoadPolicy;
import io.npuzzle.core.pdb.PatternDatabases;
import io.npuzzle.core.pdb.PdbHeuristic;
import io.npuzzle.core.search.AStarSearch;
import io.npuzzle.core.search.Budget;
import io.npuzzle.core.search.IdaStarSearch;
import io.npuzzle.core.search.Incumbent;
import io.npuzzle.core.search.ManhattanLinearConflict;
import io.npuzzle.core.search.PathAutomaton;
import io.npuzzle.core.search.PdbStateEstimate;
import io.npuzzle.core.search.QuickAnswer;
import io.npuzzle.core.search.SearchThreads;
import io.npuzzle.core.search.SubtreeSearch;
import io.npuzzle.core.table.ExactTable;
import io.npuzzle.core.table.ExactTables;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;

/**
 * The one entry point. Checks solvability by parity, answers small shapes from exact tables (in FAST mode only
 * once built: fast mode answers while they are), then:
 * OPTIMAL solves boards of 11 to 25 cells by IDA* with pattern databases (built on first use where allowed) and
 * larger ones by A*, within the budget. BOUNDED runs weighted A* with the same estimates, where databases cover the
 * board for a short trial and then weighted IDA*, and its answers carry the options' ratio as their bound. Both are
 * anytime ({@link Incumbent}): a search of a board its estimate proves hard, or one that has not ended after a
 * moment, takes FAST mode's answer, found first within {@link #FIRST_ANSWER_TIME} and then again within the rest of a
 * short share of the time, reports each in its progress and searches only for shorter ones, proving a lower bound
 * as it goes. When the budget runs out (not when cancelled), an optimal solve answers with the best answer, marked not
 * optimal, with its lower bound and the factor it is proven to be within; a bounded one reports that it ran out,
 * with the same. FAST answers come from {@link FastSolver}.
 * Thread-safe; keep one instance per process so tables and databases are built once.
 */
public final class Solver {

    /**
     * Nodes a bounded search spends on weighted A* before weighted IDA* takes over (a few tenths of a second):
     * enough for the ratios at which A* answers at once, and little where A* would need millions
     * ({@code bench/bounded}).
     */
    private static final long BOUNDED_A_STAR_NODES = 100_000;
    /** The most time a quick answer may take; it takes {@link #QUICK_ANSWER_SHARE} of a shorter time budget. */
    private static final Duration QUICK_ANSWER_TIME = Duration.ofSeconds(1);
    private static final int QUICK_ANSWER_SHARE = 10;
    /**
     * The time of the first of a quick answer's two tries, so that its clients see an answer within a second of
     * submitting a hard board (the rest of the quick answer's time goes to a second try, which may be shorter):
     * {@code bench/first-answer}.
     */
    static final Duration FIRST_ANSWER_TIME = Duration.ofMillis(150);

    private static final Strategy PARITY = Strategy.of(Algorithm.PARITY);
    private static final Strategy EXACT_TABLE = Strategy.of(Algorithm.EXACT_TABLE);

    private final ExactTables tables = new ExactTables();
    private final PatternDatabases databases;
    private final int threads;
    private final ExecutorService workerPool;
    private final FastSolver fast;

    /**
     * @param threads threads one 4x4 search may use, the caller's included
     */
    public Solver(PatternDatabases databases, int threads) {
        this.databases = databases;
        this.threads = Math.max(1, threads);
        this.workerPool = SearchThreads.pool(this.threads - 1);
        this.fast = new FastSolver(tables, databases, FastTuning.DEFAULT, workerPool, this.threads);
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
            // A fast answer does not wait for a table's build: fast mode answers while it is built.
            ExactTable table = options.mode() == Mode.FAST ? tables.ifBuilt(puzzle.shape(), puzzle.goalBlank())
                    : table(puzzle);
            if (table != null) {
                String moves = table.solve(puzzle.relabelledStart());
                return SolveResult.solved(moves, true, 0, System.nanoTime() - started, EXACT_TABLE);
            }
        }
        if (options.mode() == Mode.FAST) {
            return fast.solve(puzzle, options, true, started);
        }
        Incumbent incumbent = new Incumbent(options.mode() == Mode.BOUNDED ? options.ratio() : 1.0,
                quickAnswers(puzzle, options));
        SolveResult searched = search(puzzle, options, incumbent, started);
        return incumbent.answer(searched).withNanos(System.nanoTime() - started);
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
        PdbHeuristic heuristic = databases.heuristic(shape, puzzle.goalBlank(), LoadPolicy.LOAD);
        return heuristic == null ? Optional.empty()
                : Optional.of(new SubtreeSearch(heuristic, puzzle.relabelledStart()));
    }

    /** The exact table a small puzzle is answered from, built on first use. */
    public ExactTable table(Puzzle puzzle) {
        return tables.get(puzzle.shape(), puzzle.goalBlank());
    }

    /**
     * FAST mode's answers within a short share of the time budget, to be asked for in turn: one within
     * {@link #FIRST_ANSWER_TIME}, and one within the rest of the share where it is longer. The whole board's optimal
     * search is left to the solve that asks for them (here, or a search shared by several processes).
     */
    public List<QuickAnswer> quickAnswers(Puzzle puzzle, SolveOptions options) {
        long millis = Math.max(1, Math.min(QUICK_ANSWER_TIME.toMillis(), options.maxMillis() / QUICK_ANSWER_SHARE));
        long first = Math.min(millis, FIRST_ANSWER_TIME.toMillis());
        return first == millis ? List.of(quickAnswer(puzzle, options, millis))
                : List.of(quickAnswer(puzzle, options, first), quickAnswer(puzzle, options, millis - first));
    }

    private QuickAnswer quickAnswer(Puzzle puzzle, SolveOptions options, long millis) {
        // It runs while the search that asked holds its nodes: half the search's memory is left to them.
        SolveOptions quick = options.withBudget(options.maxNodes(), millis).withMemory(options.maxBytes() / 2);
        return () -> fast.solve(puzzle, quick, false, System.nanoTime());
    }

    /**
     * OPTIMAL: IDA* with the databases where they exist (or may be built here), else A*. BOUNDED: weighted A*
     * with the same estimate ({@link #bounded} where databases exist).
     */
    private SolveResult search(Puzzle puzzle, SolveOptions options, Incumbent incumbent, long started) {
        Shape shape = puzzle.shape();
        PdbHeuristic heuristic = PatternDatabases.supports(shape)
                ? databases.heuristic(shape, puzzle.goalBlank(), LoadPolicy.LOAD) : null;
        // A first build of the databases is not the search's doing, so the budget starts afterwards.
        long searchStart = System.nanoTime();
        Budget budget = new Budget(options, heuristic != null ? searchStart : started);
        ProgressListener progress = options.progress();
        if (options.mode() == Mode.BOUNDED && heuristic != null) {
            return bounded(heuristic, puzzle, options, incumbent, searchStart);
        }
        if (options.mode() == Mode.BOUNDED) {
            return new AStarSearch(shape, new ManhattanLinearConflict(shape, puzzle.goalBlank()), options.ratio())
                    .solve(puzzle.relabelledStart(), budget, searchStart, progress, incumbent);
        }
        if (heuristic != null) {
            return new IdaStarSearch(heuristic, workerPool, threads)
                    .solve(puzzle.relabelledStart(), budget, searchStart, progress, incumbent);
        }
        return new AStarSearch(shape, puzzle.goalBlank())
                .solve(puzzle.relabelledStart(), budget, searchStart, progress, incumbent);
    }

    /**
     * A bounded answer with the databases: weighted A* for {@link #BOUNDED_A_STAR_NODES} nodes, then weighted IDA*
     * with the rest of the budget (or where A* runs out of memory). At large ratios A* answers within its trial and
     * shorter; at small ones it needs millions of nodes at a fraction of IDA*'s node rate, and IDA* answers as short,
     * sooner ({@code bench/bounded} compares them).
     */
    private SolveResult bounded(PdbHeuristic heuristic, Puzzle puzzle, SolveOptions options, Incumbent incumbent,
                                long searchStart) {
        long trialNodes = Math.min(options.maxNodes(), BOUNDED_A_STAR_NODES);
        SolveResult trial = new AStarSearch(puzzle.shape(), new PdbStateEstimate(heuristic), options.ratio())
                .solve(puzzle.relabelledStart(), new Budget(options.withBudget(trialNodes, options.maxMillis()),
                        searchStart), searchStart, options.progress(), incumbent);
        boolean trialOver = trial.exceeded() == Limit.MEMORY
                || trial.exceeded() == Limit.NODES && trialNodes < options.maxNodes();
        if (!trialOver) {
            return trial; // answered, cancelled, or out of the whole budget
        }
        // Weighted IDA* holds no memory: it goes on where weighted A* stopped, with what budget is left.
        long now = System.nanoTime();
        SolveOptions rest = options.withBudget(Math.max(1, options.maxNodes() - trial.expanded()),
                Math.max(1, options.maxMillis() - (now - searchStart) / 1_000_000));
        return new IdaStarSearch(heuristic, workerPool, threads, options.ratio())
                .solve(puzzle.relabelledStart(), new Budget(rest, now), searchStart, options.progress(), incumbent)
                .after(trial);
    }
}
