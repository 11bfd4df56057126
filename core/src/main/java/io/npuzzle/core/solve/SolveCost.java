package io.npuzzle.core.solve;

import io.npuzzle.core.board.Shape;
import io.npuzzle.core.model.DefaultBudgets;
import io.npuzzle.core.model.Mode;
import io.npuzzle.core.model.SolveOptions;
import io.npuzzle.core.table.ExactTable;

import java.util.Locale;

/**
 * What answering a puzzle may cost, known from its shape and mode alone, before any search: a service keeps the
 * two kinds apart so that heavy searches never hold up quick answers.
 */
public enum SolveCost {
    /**
     * A table look-up, a 15-puzzle search with the databases every worker loads before it is ready, or a fast
     * answer: milliseconds as a rule, a few seconds at most.
     */
    QUICK,
    /**
     * An optimal or bounded search of any other shape: IDA* with databases that may first have to be built, or A*,
     * either of which may use its whole node, time and memory budget.
     */
    HEAVY;

    /** The lane's name in lower case, as names and labels outside the code write it. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    private static final Shape FIFTEEN_PUZZLE = Shape.of(4, 4);

    /** The options with this kind's default budget, or a fast answer's ({@link DefaultBudgets}). */
    public SolveOptions withDefaultBudget(SolveOptions options) {
        if (options.mode() == Mode.FAST) {
            return DefaultBudgets.fast(options);
        }
        return this == QUICK ? DefaultBudgets.quick(options) : DefaultBudgets.heavy(options);
    }

    public static SolveCost of(Shape shape, Mode mode) {
        if (mode == Mode.FAST || ExactTable.covers(shape) || FIFTEEN_PUZZLE.equals(shape)) {
            return QUICK;
        }
        return HEAVY;
    }
}
