package io.npuzzle.runtime.redis;

/**
 * The two Redis stores the services use. Jobs (with idempotency keys, solve locks and the channels) live in the
 * default client's Redis, which must never evict; cached solutions live in the {@value #CACHE} client's Redis,
 * which may evict its least recently used entries when full. Both are one Redis unless configured apart.
 */
public final class RedisStores {

    /** The name of the Redis client of the solution cache ({@code quarkus.redis.cache.*}). */
    public static final String CACHE = "cache";

    private RedisStores() {
    }
}
