package io.npuzzle.core.search;

/** An admissible estimate of the moves left, over relabelled states (one byte per cell, 0 the blank). */
public interface StateEstimate {

    /** Full estimate of a state; zero exactly at the goal. */
    int estimate(byte[] state);

    /**
     * Slides the tile on {@code tileCell} into the blank on {@code blankCell}, in place, and returns the estimate
     * of the new state, given the old state's estimate {@code before}.
     */
    int slide(byte[] state, int blankCell, int tileCell, int before);
}
