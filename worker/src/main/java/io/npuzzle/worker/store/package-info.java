/**
 * The worker's state in Redis (layout in {@link io.npuzzle.protocol.RedisKeys}): job starts and progress, the
 * solution cache, solve locks, split searches, and the cancelled and ended ids heard on Redis' channels.
 */
package io.npuzzle.worker.store;
