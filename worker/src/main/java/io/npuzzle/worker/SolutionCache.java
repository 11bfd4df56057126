package io.npuzzle.worker;

import io.npuzzle.protocol.CachedSolution;
import io.npuzzle.protocol.RedisKeys;
import io.quarkus.redis.datasource.RedisDataSource;
import io.vertx.mutiny.redis.client.Response;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Duration;

/**
 * Solutions in Redis, keyed by canonical puzzle, and the per-puzzle solve locks that keep two workers from
 * solving the same puzzle at once.
 */
@ApplicationScoped
public class SolutionCache {

    /** Deletes a lock only while it is still ours: after its TTL it may belong to someone else. */
    private static final String RELEASE = """
            if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
            return 0
            """;

    /** Extends a lock only while it is still ours. */
    private static final String RENEW = """
            if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
            return 0
            """;

    private final RedisDataSource redis;
    private final Json json;
    private final String ttlSeconds;

    SolutionCache(RedisDataSource redis, Json json, WorkerConfig config) {
        this.redis = redis;
        this.json = json;
        this.ttlSeconds = Long.toString(config.cacheTtl().toSeconds());
    }

    /** The cached solution of a puzzle, or null. */
    public CachedSolution find(String key) {
        Response value = redis.execute("GET", RedisKeys.solution(key));
        return value == null ? null : json.read(value.toString(), CachedSolution.class);
    }

    /**
     * Caches a solution. An optimal answer replaces whatever is there; any other answer is only added where
     * nothing is cached, so it never hides an optimal one.
     */
    public void store(String key, CachedSolution solution) {
        String value = json.write(solution);
        if (solution.optimal() || !solution.solvable()) {
            redis.execute("SET", RedisKeys.solution(key), value, "EX", ttlSeconds);
        } else {
            redis.execute("SET", RedisKeys.solution(key), value, "NX", "EX", ttlSeconds);
        }
    }

    /** Takes the solve lock of a puzzle in a mode for {@code ttl}; false when another holder has it. */
    public boolean tryLock(String key, String mode, String owner, Duration ttl) {
        return redis.execute("SET", RedisKeys.solving(key, mode), owner, "NX", "PX",
                Long.toString(ttl.toMillis())) != null;
    }

    /** Extends the lock for another {@code ttl} from now, if it is still ours; true when it was. */
    public boolean renewLock(String key, String mode, String owner, Duration ttl) {
        return redis.execute("EVAL", RENEW, "1", RedisKeys.solving(key, mode), owner,
                Long.toString(ttl.toMillis())).toInteger() == 1;
    }

    public boolean isLocked(String key, String mode) {
        return redis.execute("EXISTS", RedisKeys.solving(key, mode)).toInteger() == 1;
    }

    public void unlock(String key, String mode, String owner) {
        redis.execute("EVAL", RELEASE, "1", RedisKeys.solving(key, mode), owner);
    }
}
