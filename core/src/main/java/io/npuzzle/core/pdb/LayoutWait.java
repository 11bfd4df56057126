package io.npuzzle.core.pdb;

/** Whether an estimate assembled now waits for positional tables that are not laid out yet. */
public enum LayoutWait {
    /** Lays them out first (a fraction of a second each on 5x5): for searches long enough to repay it. */
    AWAIT,
    /**
     * Reads those databases ranked, their positional tables laid out meanwhile in the background: for answers due
     * within a second, which the layout would otherwise take.
     */
    IN_BACKGROUND
}
