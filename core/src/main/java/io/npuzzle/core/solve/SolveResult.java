package io.npuzzle.core.solve;

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
 */
public record SolveResult(Outcome outcome, String moves, boolean optimal, long expanded, long nanos,
                          Strategy strategy, Limit exceeded) {

    public SolveResult {
        if ((outcome == Outcome.BUDGET_EXCEEDED) != (exceeded != null)) {
            throw new IllegalArgumentException("a result names the budget it exceeded, and only then");
        }
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
        return new SolveResult(outcome, moves, optimal, expanded, totalNanos, strategy, exceeded);
    }
}
