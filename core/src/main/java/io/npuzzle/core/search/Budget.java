package io.npuzzle.core.search;

import io.npuzzle.core.model.Limit;
import io.npuzzle.core.model.Outcome;
import io.npuzzle.core.model.SolveOptions;

/**
 * Node, time, memory and cancellation limits of one search. Searches count nodes themselves and call {@link #check}
 * every few thousand nodes, so the clock is read rarely.
 */
public final class Budget {

    /** How many nodes a search may expand between two calls of {@link #check}. */
    public static final int CHECK_INTERVAL = 4096;

    private final SolveOptions options;
    private final long deadline;
    private volatile Limit exceeded;

    public Budget(SolveOptions options, long startNanos) {
        this.options = options;
        this.deadline = startNanos + options.maxMillis() * 1_000_000L;
    }

    public long maxNodes() {
        return options.maxNodes();
    }

    /** Memory the search may hold. */
    public long maxBytes() {
        return options.maxBytes();
    }

    /** Why the search must stop after {@code expanded} nodes, or null to go on; {@link #exceeded()} says more. */
    public Outcome check(long expanded) {
        if (options.cancelled().getAsBoolean()) {
            return Outcome.CANCELLED;
        }
        if (expanded >= options.maxNodes()) {
            exceeded = Limit.NODES;
        } else if (System.nanoTime() - deadline > 0) {
            exceeded = Limit.TIME;
        }
        return exceeded != null ? Outcome.BUDGET_EXCEEDED : null;
    }

    /** The budget that ran out, once {@link #check} answered BUDGET_EXCEEDED; else null. */
    public Limit exceeded() {
        return exceeded;
    }
}
