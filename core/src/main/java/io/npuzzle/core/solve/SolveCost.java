package io.npuzzle.core.solve;

import io.npuzzle.core.board.Shape;
import io.npuzzle.core.pdb.PatternDatabases;
import io.npuzzle.core.table.ExactTable;

/**
 * What answering a puzzle may cost, known from its shape and mode alone, before any search: a service keeps the
 * two kinds apart so that heavy searches never hold up quick answers.
 */
public enum SolveCost {
    /**
     * A table look-up, a search that holds no memory of its own (IDA* with pattern databases) or a fast answer:
     * milliseconds as a rule, a few seconds at most.
     */
    QUICK,
    /** An optimal A* search that may use its whole node, time and memory budget. */
    HEAVY;

    public static SolveCost of(Shape shape, Mode mode) {
        if (mode == Mode.FAST || ExactTable.covers(shape) || PatternDatabases.supports(shape)) {
            return QUICK;
        }
        return HEAVY;
    }
}
