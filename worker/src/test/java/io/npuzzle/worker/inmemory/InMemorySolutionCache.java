package io.npuzzle.worker.inmemory;

import io.npuzzle.protocol.CachedSolution;
import io.npuzzle.worker.solve.SolutionCache;

import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/** The solution cache in a map, with Redis' rule: an answer never replaces one with a better guarantee. */
public final class InMemorySolutionCache implements SolutionCache {

    private final ConcurrentHashMap<String, CachedSolution> entries = new ConcurrentHashMap<>();
    private final AtomicInteger lookUps = new AtomicInteger();

    @Override
    public Optional<CachedSolution> find(String key) {
        lookUps.incrementAndGet();
        return Optional.ofNullable(entries.get(key));
    }

    @Override
    public void storeInBackground(String key, CachedSolution solution) {
        store(key, solution);
    }

    /** How many times {@link #find} was asked. */
    public int lookUps() {
        return lookUps.get();
    }

    @Override
    public void store(String key, CachedSolution solution) {
        Double guarantee = solution.guarantee();
        entries.merge(key, solution, (earlier, newer) -> guarantee == null
                || earlier.guarantee() != null && earlier.guarantee() < guarantee ? earlier : newer);
    }

    public boolean isEmpty() {
        return entries.isEmpty();
    }
}
