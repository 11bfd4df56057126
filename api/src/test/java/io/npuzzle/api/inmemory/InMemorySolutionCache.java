package io.npuzzle.api.inmemory;

import io.npuzzle.api.jobs.SolutionCache;
import io.npuzzle.protocol.CachedSolution;
import io.smallrye.mutiny.Uni;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Cached solutions in a map, put there by the test as a worker would. */
public class InMemorySolutionCache implements SolutionCache {

    private final Map<String, CachedSolution> solutions = new ConcurrentHashMap<>();

    public void put(String canonicalKey, CachedSolution solution) {
        solutions.put(canonicalKey, solution);
    }

    @Override
    public Uni<CachedSolution> find(String canonicalKey) {
        return Uni.createFrom().item(() -> solutions.get(canonicalKey));
    }
}
