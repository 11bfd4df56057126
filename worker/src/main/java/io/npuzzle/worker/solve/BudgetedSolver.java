package io.npuzzle.worker.solve;

import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.model.SolveOptions;
import io.npuzzle.core.model.SolveResult;
import io.npuzzle.core.search.SubtreeSearch;
import io.npuzzle.core.solve.SolveCost;
import io.npuzzle.protocol.Quality;

import java.util.Optional;

/** The solver as the worker uses it: every search within the budget of its {@link SolveCost}. */
public interface BudgetedSolver {

    /**
     * Solves within the budget of the puzzle's cost; CANCELLED once the asking job is. A long search reports where
     * it stands to the job's progress.
     */
    SolveResult solve(Puzzle puzzle, Quality quality, Asker asker);

    /**
     * The optimal search of {@code puzzle} in pieces that workers can share, when IDA* with pattern databases
     * solves it here; empty otherwise.
     */
    Optional<SubtreeSearch> subtreeSearch(Puzzle puzzle);

    /** The budget of every search of that cost. */
    SolveOptions budget(SolveCost cost);
}
