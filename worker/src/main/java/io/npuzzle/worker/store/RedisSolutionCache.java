package io.npuzzle.worker.store;

import io.npuzzle.protocol.CachedSolution;
import io.npuzzle.protocol.JobScripts;
import io.npuzzle.protocol.RedisKeys;
import io.npuzzle.runtime.json.JsonCodec;
import io.npuzzle.runtime.redis.RedisScripts;
import io.npuzzle.runtime.redis.RedisStores;
import io.npuzzle.worker.config.WorkerConfig;
import io.npuzzle.worker.solve.SolutionCache;
import io.quarkus.redis.client.RedisClientName;
import io.quarkus.redis.datasource.ReactiveRedisDataSource;
import io.quarkus.redis.datasource.RedisDataSource;
import io.quarkus.redis.datasource.value.ValueCommands;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.util.Optional;

/**
 * Solutions in the cache's Redis ({@link RedisStores#CACHE}), as JSON under {@link RedisKeys#solution}, kept for
 * {@code npuzzle.worker.cache-ttl} unless evicted first. A cache that cannot be reached costs solves, never jobs:
 * a failed look-up is a miss, a failed store is skipped.
 */
@ApplicationScoped
public class RedisSolutionCache implements SolutionCache {

    private static final Logger LOG = Logger.getLogger(RedisSolutionCache.class);

    private final RedisDataSource redis;
    private final ReactiveRedisDataSource inBackground;
    private final ValueCommands<String, String> values;
    private final JsonCodec json;
    private final Duration ttl;

    RedisSolutionCache(@RedisClientName(RedisStores.CACHE) RedisDataSource redis,
                       @RedisClientName(RedisStores.CACHE) ReactiveRedisDataSource inBackground, JsonCodec json,
                       WorkerConfig config) {
        this.redis = redis;
        this.inBackground = inBackground;
        this.values = redis.value(String.class);
        this.json = json;
        this.ttl = config.cacheTtl();
    }

    @Override
    public Optional<CachedSolution> find(String key) {
        try {
            return Optional.ofNullable(values.get(RedisKeys.solution(key)))
                    .map(value -> json.read(value, CachedSolution.class));
        } catch (RuntimeException e) {
            LOG.debugf("cache look-up failed, taken as a miss: %s", e.getMessage());
            return Optional.empty();
        }
    }

    @Override
    public void store(String key, CachedSolution solution) {
        try {
            RedisScripts.run(redis, JobScripts.STORE_SOLUTION, storeArguments(key, solution));
        } catch (RuntimeException e) {
            LOG.warnf("could not cache the answer to %s: %s", key, e.getMessage());
        }
    }

    @Override
    public void storeInBackground(String key, CachedSolution solution) {
        RedisScripts.run(inBackground, JobScripts.STORE_SOLUTION, storeArguments(key, solution)).subscribe().with(reply -> { },
                failure -> LOG.warnf("could not cache the answer to %s: %s", key, failure.getMessage()));
    }

    private String[] storeArguments(String key, CachedSolution solution) {
        Double guarantee = solution.guarantee();
        return new String[] {"1", RedisKeys.solution(key), json.write(solution),
                Long.toString(ttl.toSeconds()), guarantee == null ? "" : guarantee.toString()};
    }
}
