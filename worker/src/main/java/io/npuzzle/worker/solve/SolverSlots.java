package io.npuzzle.worker.solve;

import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.model.Algorithm;
import io.npuzzle.core.model.Mode;
import io.npuzzle.core.model.Outcome;
import io.npuzzle.core.model.SearchMemory;
import io.npuzzle.core.model.SolveOptions;
import io.npuzzle.core.model.SolveResult;
import io.npuzzle.core.model.Strategy;
import io.npuzzle.core.search.Incumbent;
import io.npuzzle.core.search.SubtreeSearch;
import io.npuzzle.core.solve.SolveCost;
import io.npuzzle.core.solve.Solver;
import io.npuzzle.protocol.Quality;
import io.npuzzle.runtime.traces.JobAttributes;
import io.npuzzle.worker.config.WorkerConfig;
import io.npuzzle.worker.metrics.WorkerMetrics;
import io.npuzzle.worker.search.SplitSearches;
import io.opentelemetry.api.trace.Span;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * The core solver behind a fixed number of slots per {@link SolveCost} lane and their budgets, so that however
 * many jobs are in flight, at most that many searches compete for the CPUs, none runs unbounded, and the heavy
 * ones together hold at most half of the heap ({@link SearchMemory}). Quick jobs have slots of their own (one per
 * core by default), so a worker busy with heavy searches still answers them at once.
 */
@ApplicationScoped
public class SolverSlots implements BudgetedSolver {

    private final Solver solver;
    private final Map<SolveCost, Lane> lanes = new EnumMap<>(SolveCost.class);
    private final WorkerMetrics metrics;
    private final SplitSearches splitSearches;
    private final WorkerDatabases databases;
    /** Runs a busy client's quick searches, and the fast answers split searches hold beside them. */
    private final SearchThreads threads;
    /** The quick jobs each client has started here. */
    private final InFlightPlaces places;

    /** The slots and the budget of one kind of solve; its slots go to the waiting searches' owners in turns. */
    public record Lane(int concurrency, SolveOptions budget, OwnerTurns slots) {

        Lane(int concurrency, SolveOptions budget, int lendable) {
            this(concurrency, budget, new OwnerTurns(concurrency, lendable));
        }
    }

    protected SolverSlots(WorkerConfig config, WorkerMetrics metrics, SplitSearches splitSearches,
                          WorkerDatabases databases, SearchThreads threads, InFlightPlaces places) {
        this.metrics = metrics;
        this.threads = threads;
        this.places = places;
        this.splitSearches = splitSearches;
        this.databases = databases;
        // One search thread per solve: the slots, not the searches, spread the work over the cores.
        this.solver = new Solver(databases.databases(), 1);
        int quick = config.concurrency().orElse(Runtime.getRuntime().availableProcessors());
        int heavy = config.heavy().concurrency();
        long memory = config.solve().maxMemory().map(size -> size.asLongValue())
                .orElseGet(() -> SearchMemory.perSearch(Runtime.getRuntime().maxMemory(), heavy));
        SolveOptions base = SolveOptions.defaults().withMemory(memory);
        // The quick lane lends as many slots again to owners that hold none, so that a quiet client's job starts
        // beside a flood's at once; heavy searches, each with its share of the heap, never exceed their slots.
        lanes.put(SolveCost.QUICK, new Lane(quick,
                base.withBudget(config.solve().maxNodes(), config.solve().maxTime().toMillis()), quick));
        lanes.put(SolveCost.HEAVY, new Lane(heavy,
                base.withBudget(config.heavy().maxNodes(), config.heavy().maxTime().toMillis()), 0));
    }

    public Lane lane(SolveCost cost) {
        return lanes.get(cost);
    }

    @Override
    public Optional<SubtreeSearch> subtreeSearch(Puzzle puzzle) {
        return solver.subtreeSearch(puzzle);
    }

    @Override
    public SolveOptions budget(SolveCost cost) {
        return lane(cost).budget();
    }

    /**
     * A split search made anytime as the solver's own searches are ({@link Incumbent}): fast answers are found beside
     * it at once, each shown in its progress as soon as found ({@link WithHeldAnswer}); the search ends when an
     * iteration's bound reaches the answer's length, which proves it shortest; past its budget it answers with it,
     * not optimal, proven within length / lower bound by the iterations that failed.
     */
    private SolveResult splitAnytime(Puzzle puzzle, Quality quality, Lane lane, SubtreeSearch search, Asker asker,
                                     Runnable leaveSlot) {
        SolveOptions budget = lane.budget().withBudget(lane.budget().maxNodes(),
                splitSearches.maxTime(puzzle.shape(), quality).toMillis());
        Incumbent incumbent = new Incumbent(1.0, solver.quickAnswers(puzzle, budget));
        WithHeldAnswer withBest = new WithHeldAnswer(asker.progress(), incumbent, System.nanoTime());
        CompletableFuture.runAsync(() -> {
            // A search that ended sooner, as a quick job's does, takes no further try.
            while (!incumbent.askedFor() && withBest.open()) {
                if (incumbent.ask()) {
                    withBest.answerFound();
                }
            }
        }, threads.fastAnswers());
        SolveResult split = splitSearches.solve(puzzle, quality, search, asker.cancelled(), withBest, leaveSlot,
                incumbent);
        withBest.close();
        split.lowerBound().ifPresent(incumbent::offerLowerBound);
        return incumbent.answer(split);
    }

    /** Whether the pattern databases are loaded. */
    public boolean isReady() {
        return solver.isReady();
    }

    /**
     * Loads the 4x4 pattern databases and the most used table (3x3, usual goal) before the first job, then starts
     * building what the database store lacks.
     */
    void warmUp(@Observes StartupEvent event) {
        solver.warmUp();
        solver.solve(Puzzle.parse("1 2 3 4 5 6 7 0 8", 3, 3, null));
        databases.startPreparation();
    }

    /**
     * Solves on one of the slots of the puzzle's lane, waiting for one to be free and for the owner's turn
     * ({@link OwnerTurns}). An optimal search by IDA* with
     * pattern databases that grows long is shared with every worker ({@link SplitSearches}), within the budget of
     * split searches rather than the lane's; its coordinator leaves the slot while it waits for the tasks, so that
     * long searches never hold up the lane. A search whose databases are being built waits for them first, outside
     * the lane, its budget starting once they are ready.
     */
    @Override
    public SolveResult solve(Puzzle puzzle, Quality quality, Asker asker) {
        return databases.serving(() -> search(puzzle, quality, asker));
    }

    private SolveResult search(Puzzle puzzle, Quality quality, Asker asker) {
        long started = System.nanoTime();
        if (!databases.awaitFor(puzzle, quality.mode(), asker.cancelled(), asker.progress())) {
            return SolveResult.unsolved(Outcome.CANCELLED, null, 0, System.nanoTime() - started,
                    Strategy.of(Algorithm.IDA_STAR_PDB));
        }
        SolveCost cost = SolveCost.of(puzzle.shape(), quality.mode());
        Lane lane = lane(cost);
        lane.slots().acquire(asker.owner());
        // A split search leaves its slot once it only waits for the tasks every worker searches.
        AtomicBoolean holding = new AtomicBoolean(true);
        Runnable leaveSlot = () -> {
            if (holding.compareAndSet(true, false)) {
                lane.slots().release(asker.owner());
            }
        };
        SolveResult result;
        try {
            Optional<SubtreeSearch> split = quality.mode() == Mode.OPTIMAL && splitSearches.enabled()
                    ? solver.subtreeSearch(puzzle) : Optional.empty();
            Supplier<SolveResult> searching = () -> split.isPresent()
                    ? splitAnytime(puzzle, quality, lane, split.get(), asker, leaveSlot)
                    : solver.solve(puzzle, quality.applyTo(lane.budget()).withCancellation(asker.cancelled())
                    .withProgress(asker.progress()));
            // The search of a client with other quick jobs started here runs below that of a client with this one
            // alone, which stays on its job's thread; a board an exact table answers costs less than the move.
            result = cost == SolveCost.QUICK && !CacheAndLockAnswers.skipsTheCache(puzzle)
                    && places.heldBy(asker.owner()) > 1
                    ? threads.runQuickSearch(searching) : searching.get();
        } finally {
            leaveSlot.run();
        }
        metrics.solved(puzzle.shape(), result.outcome(), Duration.ofNanos(result.nanos()));
        Span handling = Span.current();
        handling.setAttribute(JobAttributes.STRATEGY, result.strategy().toString());
        handling.setAttribute(JobAttributes.NODES_EXPANDED, result.expanded());
        return result;
    }
}
