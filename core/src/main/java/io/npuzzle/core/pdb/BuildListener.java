package io.npuzzle.core.pdb;

import java.time.Duration;

/** Hears of each database this process builds: for a service's meters. */
public interface BuildListener {

    /** Hears nothing. */
    BuildListener NONE = new BuildListener() {
        @Override
        public void started(Pattern pattern) {
        }

        @Override
        public void ended(Pattern pattern, Duration took, boolean built) {
        }
    };

    /** A build of the pattern's database starts. */
    void started(Pattern pattern);

    /**
     * That build is over, {@code took} after it started: built and saved (or found unsavable), or failed where
     * {@code built} is false.
     */
    void ended(Pattern pattern, Duration took, boolean built);
}
