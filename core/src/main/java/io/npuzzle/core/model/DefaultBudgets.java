package io.npuzzle.core.model;

import java.time.Duration;

/**
 * The default budgets of a solve, the one source of the command line's defaults and the service's: quick solves
 * (tables, 15-puzzles, fast answers) within seconds, heavy ones (optimal and bounded searches of larger boards)
 * within a minute; a fast answer takes a second. As strings too, for configuration defaults.
 */
public final class DefaultBudgets {

    public static final String QUICK_MAX_NODES = "20000000";
    public static final String QUICK_MAX_TIME = "PT5S";
    public static final String HEAVY_MAX_NODES = "2000000000";
    public static final String HEAVY_MAX_TIME = "PT1M";
    /** A search shared by every worker of a service, from its start. */
    public static final String SHARED_SEARCH_MAX_TIME = "PT1H";
    /** A fast answer's time: it takes what it is given, improving its answer, so its default is short. */
    public static final String FAST_MAX_TIME = "PT1S";

    private DefaultBudgets() {
    }

    /** Nodes and time of a quick solve. */
    public static SolveOptions quick(SolveOptions options) {
        return options.withBudget(Long.parseLong(QUICK_MAX_NODES), Duration.parse(QUICK_MAX_TIME).toMillis());
    }

    /** Nodes of a quick solve, and the time of a fast answer. */
    public static SolveOptions fast(SolveOptions options) {
        return options.withBudget(Long.parseLong(QUICK_MAX_NODES), Duration.parse(FAST_MAX_TIME).toMillis());
    }

    /** Nodes and time of a heavy solve. */
    public static SolveOptions heavy(SolveOptions options) {
        return options.withBudget(Long.parseLong(HEAVY_MAX_NODES), Duration.parse(HEAVY_MAX_TIME).toMillis());
    }
}
