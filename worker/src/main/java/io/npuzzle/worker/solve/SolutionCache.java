package io.npuzzle.worker.solve;

import io.npuzzle.protocol.CachedSolution;

import java.util.Optional;

/** Solutions shared by every worker, by canonical puzzle key. */
public interface SolutionCache {

    Optional<CachedSolution> find(String key);

    /**
     * Caches a solution. An optimal answer (or a proof of unsolvability) replaces whatever is there; any other
     * answer is only added where nothing is cached, so it never hides an optimal one.
     */
    void store(String key, CachedSolution solution);
}
