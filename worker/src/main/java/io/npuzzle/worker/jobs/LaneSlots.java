package io.npuzzle.worker.jobs;

import io.npuzzle.core.solve.SolveCost;

/** Where a worker's slots of a lane say where they stand ({@link SlotPresence}). */
public interface LaneSlots {

    /** The word of one slot, named uniquely among every worker's slots of the lane. */
    SlotPresence slot(SolveCost lane, String slot);
}
