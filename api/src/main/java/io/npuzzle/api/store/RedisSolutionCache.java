package io.npuzzle.api.store;

import io.npuzzle.api.jobs.SolutionCache;
import io.npuzzle.protocol.CachedSolution;
import io.npuzzle.protocol.RedisKeys;
import io.npuzzle.runtime.json.JsonCodec;
import io.npuzzle.runtime.redis.RedisStores;
import io.quarkus.redis.client.RedisClientName;
import io.quarkus.redis.datasource.ReactiveRedisDataSource;
import io.quarkus.redis.datasource.value.ReactiveValueCommands;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

/**
 * The solutions the workers cached, as JSON values in the cache's Redis ({@link RedisStores#CACHE}). A cache that
 * cannot be read is a miss: the job is queued and solved, never refused for want of the cache.
 */
@ApplicationScoped
public class RedisSolutionCache implements SolutionCache {

    private static final Logger LOG = Logger.getLogger(RedisSolutionCache.class);

    private final RedisCalls calls;
    private final ReactiveValueCommands<String, String> values;
    private final JsonCodec json;

    RedisSolutionCache(RedisCalls calls, @RedisClientName(RedisStores.CACHE) ReactiveRedisDataSource cache,
                       JsonCodec json) {
        this.calls = calls;
        this.values = cache.value(String.class);
        this.json = json;
    }

    @Override
    public Uni<CachedSolution> find(String canonicalKey) {
        return calls.guarded(values.get(RedisKeys.solution(canonicalKey)))
                .map(value -> value == null ? null : json.read(value, CachedSolution.class))
                .onFailure().recoverWithItem(failure -> {
                    LOG.debugf("cache look-up failed, taken as a miss: %s", failure.getMessage());
                    return null;
                });
    }
}
