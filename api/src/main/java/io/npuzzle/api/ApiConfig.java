package io.npuzzle.api;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;

/** Settings of the HTTP front, under {@code npuzzle.api}. */
@ConfigMapping(prefix = "npuzzle.api")
public interface ApiConfig {

    /** How long a job's state is kept in Redis after submission. */
    @WithDefault("PT24H")
    Duration jobTtl();

    /** How long an {@code Idempotency-Key} is remembered. */
    @WithDefault("PT24H")
    Duration idempotencyTtl();

    /** Most jobs in one batch request. */
    @WithDefault("1000")
    int maxBatch();

    /** Longest long poll a client may ask for with {@code ?wait=S}, in seconds. */
    @WithDefault("30")
    int maxWaitSeconds();
}
