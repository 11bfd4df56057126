package io.npuzzle.core.solve;

import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.search.AStarSearch;
import io.npuzzle.core.search.Budget;
import io.npuzzle.core.table.ExactTable;
import io.npuzzle.core.table.ExactTables;

/**
 * The one entry point: checks solvability by parity, then answers from an exact table for small shapes and
 * by A* otherwise. Thread-safe; keep one instance per process so tables are built once.
 */
public final class Solver {

    private final ExactTables tables = new ExactTables();

    public SolveResult solve(Puzzle puzzle) {
        return solve(puzzle, SolveOptions.defaults());
    }

    public SolveResult solve(Puzzle puzzle, SolveOptions options) {
        long started = System.nanoTime();
        if (!puzzle.isSolvable()) {
            return SolveResult.unsolved(Outcome.UNSOLVABLE, 0, System.nanoTime() - started, "parity");
        }
        if (puzzle.isSolved()) {
            return SolveResult.solved("", true, 0, System.nanoTime() - started, "parity");
        }
        if (ExactTable.covers(puzzle.shape())) {
            String moves = table(puzzle).solve(puzzle.relabelledStart());
            return SolveResult.solved(moves, true, 0, System.nanoTime() - started, "exact-table");
        }
        AStarSearch search = new AStarSearch(puzzle.shape(), puzzle.goalBlank());
        return search.solve(puzzle.relabelledStart(), new Budget(options, started), started);
    }

    /** The exact table a small puzzle is answered from, built on first use. */
    public ExactTable table(Puzzle puzzle) {
        return tables.get(puzzle.shape(), puzzle.goalBlank());
    }
}
