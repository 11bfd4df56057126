package io.npuzzle.api.jobs;

import io.npuzzle.protocol.CachedSolution;
import io.smallrye.mutiny.Uni;

/** The solutions the workers cached, per canonical puzzle; the API only reads them. */
public interface SolutionCache {

    /** The cached solution of a canonical puzzle, or null. */
    Uni<CachedSolution> find(String canonicalKey);
}
