package io.npuzzle.core.model;

/**
 * The answer to one puzzle.
 *
 * @param outcome  how the solve ended
 * @param moves    move letters (HDU 1043 convention) when SOLVED, otherwise null
 * @param optimal  true only when the length is proven shortest
 * @param expanded search nodes expanded (0 for table look-ups)
 * @param nanos    wall time of the solve
 * @param strategy how the answer was found (or which search ran out of budget), for logs and metrics
 * @param exceeded the budget that ran out when BUDGET_EXCEEDED, otherwise null
 * @param bound    when SOLVED, the proven factor by which the answer may exceed the shortest length: 1 when
 *                 optimal, the ratio of a BOUNDED search; null when nothing is proven (FAST) or not solved
 */
public record SolveResult(Outcome outcome, String moves, boolean optimal, long expanded, long nanos,
                          Strategy strategy, Limit exceeded, Double bound) {

    public SolveResult {
        if ((outcome == Outcome.BUDGET_EXCEEDED) != (exceeded != null)) {
            throw new IllegalArgumentException("a result names the budget it exceeded, and only then");
        }
        if (optimal) {
            bound = 1.0;
        }
        if (bound != null && (outcome != Outcome.SOLVED || bound < 1.0)) {
            throw new IllegalArgumentException("only an answer has a bound, and it is at least 1");
        }
    }

    public SolveResult(Outcome outcome, String moves, boolean optimal, long expanded, long nanos,
                       Strategy strategy, Limit exceeded) {
        this(outcome, moves, optimal, expanded, nanos, strategy, exceeded, null);
    }

    public static SolveResult solved(String moves, boolean optimal, long expanded, long nanos, Strategy strategy) {
        return new SolveResult(Outcome.SOLVED, moves, optimal, expanded, nanos, strategy, null);
    }

    /** An answer without moves; {@code exceeded} names the budget when BUDGET_EXCEEDED, else it is null. */
    public static SolveResult unsolved(Outcome outcome, Limit exceeded, long expanded, long nanos, Strategy strategy) {
        if (outcome == Outcome.SOLVED) {
            throw new IllegalArgumentException("a solved result needs moves");
        }
        return new SolveResult(outcome, null, false, expanded, nanos, strategy, exceeded);
    }

    /** False only when the parity test proves no sequence of moves reaches the goal. */
    public boolean solvable() {
        return outcome != Outcome.UNSOLVABLE;
    }

    public boolean isSolved() {
        return outcome == Outcome.SOLVED;
    }

    /** Number of moves, or -1 when there is no answer. */
    public int length() {
        return moves == null ? -1 : moves.length();
    }

    public double millis() {
        return nanos / 1_000_000.0;
    }

    /** The same answer with the total time of the call that produced it. */
    public SolveResult withNanos(long totalNanos) {
        return new SolveResult(outcome, moves, optimal, expanded, totalNanos, strategy, exceeded, bound);
    }

    /** The same answer, proven at most {@code factor} times the shortest length. */
    public SolveResult withBound(double factor) {
        return new SolveResult(outcome, moves, optimal, expanded, nanos, strategy, exceeded, factor);
    }
}
