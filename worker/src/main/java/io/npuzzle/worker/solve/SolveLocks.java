package io.npuzzle.worker.solve;

import io.npuzzle.protocol.Quality;

import java.time.Duration;
import java.util.Optional;

/**
 * Per-puzzle locks shared by every worker, so that workers that meet the same puzzle at the same time (a rebalance
 * can briefly split a partition's keys) solve it once: the others wait for the cache instead.
 */
public interface SolveLocks {

    /**
     * How long a lock outlives its last renewal. A lease is renewed while held, so the lock of a worker that
     * crashed lapses within this time and the job's next delivery does not wait for it.
     */
    Duration LEASE = Duration.ofSeconds(10);

    /** The lock of a search for a puzzle at a quality (mode and ratio), held until closed; empty when another holder has it. */
    Optional<Lease> tryLock(String key, Quality quality);

    /** A lock held, renewed until it is closed. */
    interface Lease extends AutoCloseable {

        /** Gives the lock up. */
        @Override
        void close();
    }
}
