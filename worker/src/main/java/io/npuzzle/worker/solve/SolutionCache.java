package io.npuzzle.worker.solve;

import io.npuzzle.protocol.CachedSolution;

import java.util.Optional;

/** Solutions shared by every worker, by canonical puzzle key. */
public interface SolutionCache {

    Optional<CachedSolution> find(String key);

    /**
     * Caches a solution unless the cached one has a better guarantee ({@link CachedSolution#guarantee()}): an
     * optimal answer (or a proof of unsolvability) replaces whatever is there, a bounded one replaces answers with
     * a larger bound or none, an answer that proves nothing is only added where nothing is cached.
     */
    void store(String key, CachedSolution solution);

    /** {@link #store}, returning at once: for answers no lock waits on, whose solve cost less than the store. */
    void storeInBackground(String key, CachedSolution solution);
}
