package io.npuzzle.api.store;

import io.npuzzle.api.config.ApiConfig;
import io.npuzzle.api.jobs.IdempotencyKeys;
import io.npuzzle.protocol.JobScripts;
import io.npuzzle.protocol.RedisKeys;
import io.quarkus.redis.datasource.keys.ReactiveKeyCommands;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Idempotency keys in Redis, hashed, each holding its claim as {@code "<fingerprint> <job id>"}, for
 * {@code npuzzle.api.idempotency-ttl}.
 */
@ApplicationScoped
public class RedisIdempotencyKeys implements IdempotencyKeys {

    private final RedisCalls calls;
    private final ReactiveKeyCommands<String> keys;
    private final String ttlSeconds;

    RedisIdempotencyKeys(RedisCalls calls, ApiConfig config) {
        this.calls = calls;
        this.keys = calls.redis().key();
        this.ttlSeconds = Long.toString(config.idempotencyTtl().toSeconds());
    }

    @Override
    public Uni<Claim> claim(String clientKey, Claim claim) {
        return calls.eval(JobScripts.CLAIM, RedisKeys.idempotency(clientKey), claim.fingerprint() + " " + claim.jobId(),
                ttlSeconds).map(reply -> reply == null ? null : parse(reply.toString()));
    }

    @Override
    public Uni<Void> release(String clientKey) {
        return calls.guarded(keys.del(RedisKeys.idempotency(clientKey))).replaceWithVoid();
    }

    private static Claim parse(String stored) {
        int space = stored.indexOf(' ');
        return new Claim(stored.substring(0, space), stored.substring(space + 1));
    }
}
