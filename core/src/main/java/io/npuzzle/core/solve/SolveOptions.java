package io.npuzzle.core.solve;

import java.util.function.BooleanSupplier;

/**
 * Limits and wishes for one solve. The budgets bound every search so that no request can run away; the
 * cancellation check is polled at the same points as the time budget.
 */
public record SolveOptions(Mode mode, long maxNodes, long maxMillis, BooleanSupplier cancelled) {

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

    public static SolveOptions defaults() {
        return new SolveOptions(Mode.OPTIMAL, DEFAULT_MAX_NODES, DEFAULT_MAX_MILLIS, NEVER);
    }

    public SolveOptions withMode(Mode newMode) {
        return new SolveOptions(newMode, maxNodes, maxMillis, cancelled);
    }

    public SolveOptions withBudget(long newMaxNodes, long newMaxMillis) {
        return new SolveOptions(mode, newMaxNodes, newMaxMillis, cancelled);
    }

    public SolveOptions withCancellation(BooleanSupplier check) {
        return new SolveOptions(mode, maxNodes, maxMillis, check);
    }
}
