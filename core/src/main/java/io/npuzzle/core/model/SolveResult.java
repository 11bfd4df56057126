package io.npuzzle.core.model;

import java.util.OptionalInt;

/**
 * The answer to one puzzle.
 *
 * @param outcome    how the solve ended
 * @param moves      move letters (HDU 1043 convention): the answer when SOLVED; when BUDGET_EXCEEDED, the best answer
 *                   found, which does not keep the mode's promise, or null; otherwise null
 * @param optimal    true only when the length is proven shortest
 * @param expanded   nodes the search expanded, not counting those of the quick answer it may hold (0 for table
 *                   look-ups)
 * @param nanos      wall time of the solve
 * @param strategy   how the answer was found (or which search ran out of budget), for logs and metrics
 * @param exceeded   the budget that ran out: always when BUDGET_EXCEEDED; when SOLVED, the one that stopped an optimal
 *                   search before it proved its best answer shortest; otherwise null
 * @param bound      when there are moves, the proven factor by which they may exceed the shortest length: 1 when
 *                   optimal, the ratio of a BOUNDED answer, length / lowerBound for the best answer of a search that
 *                   ran out of budget or a FAST answer; null when nothing is proven or there are no moves
 * @param lowerBound the least length of any answer, as proven: the length when optimal, what the search proved
 *                   otherwise; empty when nothing is proven
 */
public record SolveResult(Outcome outcome, String moves, boolean optimal, long expanded, long nanos,
                          Strategy strategy, Limit exceeded, Double bound, OptionalInt lowerBound) {

    public SolveResult {
        boolean solved = outcome == Outcome.SOLVED;
        boolean overBudget = outcome == Outcome.BUDGET_EXCEEDED;
        if (overBudget && exceeded == null || exceeded != null && !overBudget && !solved) {
            throw new IllegalArgumentException("a result over budget names the budget it exceeded; only an answer"
                    + " found past a budget names one too");
        }
        if (solved && moves == null || moves != null && !solved && !overBudget) {
            throw new IllegalArgumentException("an answer has moves; only a result over budget may carry some too");
        }
        if (optimal && (outcome != Outcome.SOLVED || exceeded != null)) {
            throw new IllegalArgumentException("only an answer found within its budget is proven optimal");
        }
        if (optimal) {
            bound = 1.0;
            lowerBound = OptionalInt.of(moves.length());
        }
        if (bound != null && (moves == null || bound < 1.0)) {
            throw new IllegalArgumentException("only moves have a bound, and it is at least 1");
        }
        if (lowerBound == null) {
            lowerBound = OptionalInt.empty();
        }
        if (lowerBound.isPresent()
                && (lowerBound.getAsInt() < 0 || moves != null && lowerBound.getAsInt() > moves.length())) {
            throw new IllegalArgumentException("a lower bound is at least 0 and at most the answer's length");
        }
    }

    public static SolveResult solved(String moves, boolean optimal, long expanded, long nanos, Strategy strategy) {
        return new SolveResult(Outcome.SOLVED, moves, optimal, expanded, nanos, strategy, null, null,
                OptionalInt.empty());
    }

    /** A result without moves; {@code exceeded} names the budget when BUDGET_EXCEEDED, else it is null. */
    public static SolveResult unsolved(Outcome outcome, Limit exceeded, long expanded, long nanos, Strategy strategy) {
        if (outcome == Outcome.SOLVED) {
            throw new IllegalArgumentException("a solved result needs moves");
        }
        return new SolveResult(outcome, null, false, expanded, nanos, strategy, exceeded, null, OptionalInt.empty());
    }

    /** False only when the parity test proves no sequence of moves reaches the goal. */
    public boolean solvable() {
        return outcome != Outcome.UNSOLVABLE;
    }

    public boolean isSolved() {
        return outcome == Outcome.SOLVED;
    }

    /** Number of moves, or -1 when there are none. */
    public int length() {
        return moves == null ? -1 : moves.length();
    }

    public double millis() {
        return nanos / 1_000_000.0;
    }

    /** The same answer with the total time of the call that produced it. */
    public SolveResult withNanos(long totalNanos) {
        return new SolveResult(outcome, moves, optimal, expanded, totalNanos, strategy, exceeded, bound, lowerBound);
    }

    /** The same answer, proven at most {@code factor} times the shortest length. */
    public SolveResult withBound(double factor) {
        return new SolveResult(outcome, moves, optimal, expanded, nanos, strategy, exceeded, factor, lowerBound);
    }

    /** The same answer, every answer proven at least {@code length} moves long. */
    public SolveResult withLowerBound(int length) {
        return new SolveResult(outcome, moves, optimal, expanded, nanos, strategy, exceeded, bound,
                OptionalInt.of(length));
    }

    /** The same answer after an earlier search of the same solve: its nodes added, its algorithm named. */
    public SolveResult after(SolveResult earlier) {
        return new SolveResult(outcome, moves, optimal, earlier.expanded + expanded, nanos,
                strategy.after(earlier.strategy.last()), exceeded, bound, lowerBound);
    }
}
