package io.npuzzle.core.model;

/** Which budget a search ran out of, so that an answer over budget can say so. */
public enum Limit {
    /** The node budget: nodes expanded. */
    NODES("node budget"),
    /** The time budget. */
    TIME("time budget"),
    /** The memory budget: nodes a search may hold. */
    MEMORY("memory budget"),
    /** The deepest search the solver makes, past any answer a budget could buy. */
    DEPTH("deepest search");

    private final String label;

    Limit(String label) {
        this.label = label;
    }

    /** What ran out, in words: {@code "memory budget"}. */
    public String label() {
        return label;
    }
}
