package io.npuzzle.core.solve;

import java.util.function.BooleanSupplier;

/**
 * Limits and wishes for one solve. The budgets bound every search so that no request can run away; the
 * cancellation check is polled at the same points as the time budget.
 *
 * @param fastFallback when an OPTIMAL search runs out of budget, answer with the FAST answer (marked not
 *                     optimal) instead of BUDGET_EXCEEDED
 */
public record SolveOptions(Mode mode, long maxNodes, long maxMillis, BooleanSupplier cancelled,
                           boolean fastFallback) {

    public static final long DEFAULT_MAX_NODES = 20_000_000L;
    public static final long DEFAULT_MAX_MILLIS = 10_000L;
    private static final BooleanSupplier NEVER = () -> false;

    public SolveOptions {
        if (mode == null) {
            mode = Mode.OPTIMAL;
        }
        if (maxNodes <= 0) {
            throw new IllegalArgumentException("maxNodes must be positive");
        }
        if (maxMillis <= 0) {
            throw new IllegalArgumentException("maxMillis must be positive");
        }
        if (cancelled == null) {
            cancelled = NEVER;
        }
    }

    /** Options that report an exhausted budget as such. */
    public SolveOptions(Mode mode, long maxNodes, long maxMillis, BooleanSupplier cancelled) {
        this(mode, maxNodes, maxMillis, cancelled, false);
    }

    public static SolveOptions defaults() {
        return new SolveOptions(Mode.OPTIMAL, DEFAULT_MAX_NODES, DEFAULT_MAX_MILLIS, NEVER);
    }

    public SolveOptions withMode(Mode newMode) {
        return new SolveOptions(newMode, maxNodes, maxMillis, cancelled, fastFallback);
    }

    public SolveOptions withBudget(long newMaxNodes, long newMaxMillis) {
        return new SolveOptions(mode, newMaxNodes, newMaxMillis, cancelled, fastFallback);
    }

    public SolveOptions withCancellation(BooleanSupplier check) {
        return new SolveOptions(mode, maxNodes, maxMillis, check, fastFallback);
    }

    public SolveOptions withFastFallback(boolean fallBack) {
        return new SolveOptions(mode, maxNodes, maxMillis, cancelled, fallBack);
    }
}
