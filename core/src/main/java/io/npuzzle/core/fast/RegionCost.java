package io.npuzzle.core.fast;

import io.npuzzle.core.board.Shape;

/**
 * What finishing a region is expected to cost, so that a reduction chooses a line for the region it leaves as well
 * as for its own moves.
 */
@FunctionalInterface
public interface RegionCost {
    /** Foresees nothing: lines are chosen by their own moves. */
    RegionCost NONE = (shape, goalBlank, state) -> -1;

    /**
     * @param state the region's tiles relabelled against its own canonical goal (do not keep it)
     * @return the moves expected, or -1 when unknown
     */
    int expect(Shape shape, int goalBlank, byte[] state);
}
