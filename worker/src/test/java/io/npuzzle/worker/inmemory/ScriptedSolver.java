package io.npuzzle.worker.inmemory;

import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.model.Limit;
import io.npuzzle.core.model.Outcome;
import io.npuzzle.core.model.SearchProgress;
import io.npuzzle.core.model.SolveOptions;
import io.npuzzle.core.model.SolveResult;
import io.npuzzle.core.search.SubtreeSearch;
import io.npuzzle.core.solve.SolveCost;
import io.npuzzle.protocol.Quality;
import io.npuzzle.worker.solve.Asker;
import io.npuzzle.worker.solve.BudgetedSolver;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;

/**
 * A solver that answers what the test scripts, counting its searches, instead of searching: by default the move
 * {@code r}, optimal when asked for an optimal answer.
 */
public final class ScriptedSolver implements BudgetedSolver {

    /** The budget of every search, named in over-budget problems. */
    public static final SolveOptions BUDGET = SolveOptions.defaults().withBudget(200_000, 5_000);

    /** What one search does. */
    @FunctionalInterface
    public interface Search {
        SolveResult run(Puzzle puzzle, Quality quality, BooleanSupplier cancelled);
    }

    private final List<Quality> searches = new CopyOnWriteArrayList<>();
    private volatile Search search = (puzzle, quality, cancelled) -> switch (quality.mode()) {
        case OPTIMAL -> solved("r", true);
        case BOUNDED -> solved("r", false).withBound(quality.ratio());
        case FAST -> solved("r", false);
    };
    private volatile List<SearchProgress> progress = List.of();

    public ScriptedSolver answering(Search next) {
        this.search = next;
        return this;
    }

    /** Every search reports these, in order, before it answers. */
    public ScriptedSolver reporting(SearchProgress... reports) {
        this.progress = List.of(reports);
        return this;
    }

    public static SolveResult solved(String moves, boolean optimal) {
        return SolveResult.solved(moves, optimal, 42, 1_000_000, null);
    }

    /** An answer without moves; one over budget ran out of nodes. */
    public static SolveResult unsolved(Outcome outcome) {
        return SolveResult.unsolved(outcome, outcome == Outcome.BUDGET_EXCEEDED ? Limit.NODES : null, 200_001,
                3_000_000, null);
    }

    @Override
    public SolveResult solve(Puzzle puzzle, Quality quality, Asker asker) {
        searches.add(quality);
        progress.forEach(asker.progress()::report);
        return search.run(puzzle, quality, asker.cancelled());
    }

    /** Scripted searches are never split. */
    @Override
    public Optional<SubtreeSearch> subtreeSearch(Puzzle puzzle) {
        return Optional.empty();
    }

    @Override
    public SolveOptions budget(SolveCost cost) {
        return BUDGET;
    }

    /** The quality of each search so far, in order. */
    public List<Quality> searches() {
        return List.copyOf(searches);
    }
}
