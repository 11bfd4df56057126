package io.npuzzle.core.fast;

import io.npuzzle.core.board.Shape;
import io.npuzzle.core.pdb.PdbHeuristic;
import io.npuzzle.core.pdb.RegionPatterns;

/** The databases whose excess a beam on a region adds to its key ({@link RegionPatterns}). */
@FunctionalInterface
public interface BeamGuide {
    /** No databases: keys of Manhattan distance and linear conflicts alone. */
    BeamGuide NONE = (shape, goalBlank) -> null;

    /**
     * @return the estimate of a region of this shape and goal blank cell (its own canonical labels) whose first
     * view guides beams, or null
     */
    PdbHeuristic estimate(Shape shape, int goalBlank);
}
