package io.npuzzle.worker.store;

import io.npuzzle.protocol.CachedSolution;
import io.npuzzle.protocol.RedisKeys;
import io.npuzzle.runtime.json.JsonCodec;
import io.npuzzle.worker.config.WorkerConfig;
import io.npuzzle.worker.solve.SolutionCache;
import io.npuzzle.runtime.redis.RedisStores;
import io.quarkus.redis.client.RedisClientName;
import io.quarkus.redis.datasource.RedisDataSource;
import io.quarkus.redis.datasource.value.SetArgs;
import io.quarkus.redis.datasource.value.ValueCommands;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Duration;
import java.util.Optional;

/** Solutions in Redis, as JSON under {@link RedisKeys#solution}, kept for {@code npuzzle.worker.cache-ttl}. */
@ApplicationScoped
public class RedisSolutionCache implements SolutionCache {

    private final ValueCommands<String, String> values;
    private final JsonCodec json;
    private final Duration ttl;

    RedisSolutionCache(@RedisClientName(RedisStores.CACHE) RedisDataSource redis, JsonCodec json, WorkerConfig config) {
        this.values = redis.value(String.class);
        this.json = json;
        this.ttl = config.cacheTtl();
    }

    @Override
    public Optional<CachedSolution> find(String key) {
        return Optional.ofNullable(values.get(RedisKeys.solution(key)))
                .map(value -> json.read(value, CachedSolution.class));
    }

    @Override
    public void store(String key, CachedSolution solution) {
        boolean replaces = solution.optimal() || !solution.solvable();
        SetArgs expiring = new SetArgs().ex(ttl);
        values.set(RedisKeys.solution(key), json.write(solution), replaces ? expiring : expiring.nx());
    }
}
