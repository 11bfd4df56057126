package io.npuzzle.core.pdb;

import java.util.concurrent.atomic.AtomicLong;

/** How far the build of one database is: the placements it has reached of all there are, read from any thread. */
public final class BuildProgress {

    private final long placements;
    private final AtomicLong reached = new AtomicLong();

    public BuildProgress(long placements) {
        this.placements = placements;
    }

    /** Counts placements reached for the first time. */
    void reached(long count) {
        if (count > 0) {
            reached.addAndGet(count);
        }
    }

    /** The share of the placements reached so far, from 0 to 1. */
    public double fraction() {
        return Math.min(1.0, (double) reached.get() / placements);
    }
}
