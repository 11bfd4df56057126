package io.npuzzle.api.inmemory;

import io.npuzzle.api.jobs.IdempotencyKeys;
import io.smallrye.mutiny.Uni;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Idempotency keys in a map: a key is claimed by the first claim and kept until released. */
public class InMemoryIdempotencyKeys implements IdempotencyKeys {

    private final Map<String, Claim> claims = new ConcurrentHashMap<>();

    /** The claim held for a key, or null. */
    public Claim claimOf(String clientKey) {
        return claims.get(clientKey);
    }

    @Override
    public Uni<Claim> claim(String clientKey, Claim claim) {
        return Uni.createFrom().item(() -> claims.putIfAbsent(clientKey, claim));
    }

    @Override
    public Uni<Void> release(String clientKey) {
        return Uni.createFrom().item(() -> {
            claims.remove(clientKey);
            return null;
        });
    }
}
