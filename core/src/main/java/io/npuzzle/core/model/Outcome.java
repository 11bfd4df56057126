package io.npuzzle.core.model;

/** How a solve ended. Only SOLVED carries moves. */
public enum Outcome {
    SOLVED,
    UNSOLVABLE,
    /** A node or time budget ran out before an answer was found; nothing is invented. */
    BUDGET_EXCEEDED,
    CANCELLED
}
