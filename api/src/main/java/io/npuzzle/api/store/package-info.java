/**
 * The job service's state in Redis (layout in {@link io.npuzzle.protocol.RedisKeys}): jobs, the solution cache,
 * idempotency keys, and the channel on which finished jobs are announced. Every call answers within the Redis
 * timeout; when Redis is down or slow it fails with a 503 problem, never hangs.
 */
package io.npuzzle.api.store;
