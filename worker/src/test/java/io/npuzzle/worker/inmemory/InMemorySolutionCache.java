package io.npuzzle.worker.inmemory;

import io.npuzzle.protocol.CachedSolution;
import io.npuzzle.worker.solve.SolutionCache;

import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** The solution cache in a map, with Redis' rule: a merely fast answer never replaces what is cached. */
public final class InMemorySolutionCache implements SolutionCache {

    private final ConcurrentHashMap<String, CachedSolution> entries = new ConcurrentHashMap<>();

    @Override
    public Optional<CachedSolution> find(String key) {
        return Optional.ofNullable(entries.get(key));
    }

    @Override
    public void store(String key, CachedSolution solution) {
        if (solution.optimal() || !solution.solvable()) {
            entries.put(key, solution);
        } else {
            entries.putIfAbsent(key, solution);
        }
    }

    public boolean isEmpty() {
        return entries.isEmpty();
    }
}
