package io.npuzzle.core.model;

import java.util.function.BooleanSupplier;

/**
 * Limits and wishes for one solve. The budgets bound every search so that no request can run away; the
 * cancellation check is polled at the same points as the time budget.
 *
 * @param maxBytes memory the search may hold (see {@link SearchMemory}); searches that store nodes stop over budget
 *                 before they would exceed it
 * @param ratio    for BOUNDED: the answer is at most this many times the shortest length ({@value #MIN_RATIO}
 *                 exclusive to {@value #MAX_RATIO}); ignored by the other modes
 * @param progress receives the progress of long searches
 */
public record SolveOptions(Mode mode, long maxNodes, long maxMillis, long maxBytes, BooleanSupplier cancelled,
                           double ratio, ProgressListener progress) {

    public static final double MIN_RATIO = 1.0;
    public static final double MAX_RATIO = 3.0;
    public static final double DEFAULT_RATIO = 1.25;

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
        if (maxBytes <= 0) {
            throw new IllegalArgumentException("maxBytes must be positive");
        }
        if (cancelled == null) {
            cancelled = NEVER;
        }
        if (!(ratio > MIN_RATIO && ratio <= MAX_RATIO)) {
            throw new IllegalArgumentException("ratio must be above " + MIN_RATIO + " and at most " + MAX_RATIO);
        }
        if (progress == null) {
            progress = ProgressListener.NONE;
        }
    }

    /** Options with this JVM's memory share of a lone search. */
    public SolveOptions(Mode mode, long maxNodes, long maxMillis, BooleanSupplier cancelled) {
        this(mode, maxNodes, maxMillis, SearchMemory.alone(), cancelled, DEFAULT_RATIO, ProgressListener.NONE);
    }

    /** An optimal solve within the budget of a quick one ({@link DefaultBudgets}). */
    public static SolveOptions defaults() {
        return defaults(Mode.OPTIMAL);
    }

    /** A solve in this mode within a quick one's budget, or a fast answer's ({@link DefaultBudgets}). */
    public static SolveOptions defaults(Mode mode) {
        SolveOptions options = new SolveOptions(mode, 1, 1, NEVER);
        return mode == Mode.FAST ? DefaultBudgets.fast(options) : DefaultBudgets.quick(options);
    }

    public SolveOptions withMode(Mode newMode) {
        return new SolveOptions(newMode, maxNodes, maxMillis, maxBytes, cancelled, ratio, progress);
    }

    public SolveOptions withBudget(long newMaxNodes, long newMaxMillis) {
        return new SolveOptions(mode, newMaxNodes, newMaxMillis, maxBytes, cancelled, ratio, progress);
    }

    public SolveOptions withMemory(long newMaxBytes) {
        return new SolveOptions(mode, maxNodes, maxMillis, newMaxBytes, cancelled, ratio, progress);
    }

    public SolveOptions withCancellation(BooleanSupplier check) {
        return new SolveOptions(mode, maxNodes, maxMillis, maxBytes, check, ratio, progress);
    }

    /** Options for a BOUNDED answer at most {@code newRatio} times the shortest length. */
    public SolveOptions withRatio(double newRatio) {
        return new SolveOptions(mode, maxNodes, maxMillis, maxBytes, cancelled, newRatio, progress);
    }

    public SolveOptions withProgress(ProgressListener listener) {
        return new SolveOptions(mode, maxNodes, maxMillis, maxBytes, cancelled, ratio, listener);
    }
}
