package io.npuzzle.core.fast;

import io.npuzzle.core.board.Shape;
import io.npuzzle.core.model.SolveResult;

/** Answers a region of a reduction optimally, or declines so that it is reduced further. */
@FunctionalInterface
public interface Finisher {
    /**
     * @param state the region's tiles relabelled against its own canonical goal (do not keep it)
     * @return a SOLVED answer, or null to have the region reduced further
     */
    SolveResult finish(Shape shape, int goalBlank, byte[] state);
}
