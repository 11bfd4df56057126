package io.npuzzle.api.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;
import java.util.Optional;

/** Settings of the HTTP front, under {@code npuzzle.api}. */
@ConfigMapping(prefix = "npuzzle.api")
public interface ApiConfig {

    /** How long a job's state is kept in Redis after submission. */
    @WithDefault("PT24H")
    Duration jobTtl();

    /** How long an {@code Idempotency-Key} is remembered. */
    @WithDefault("PT24H")
    Duration idempotencyTtl();

    /** Most rows of a board accepted (the core solves up to 8). */
    @WithDefault("8")
    int maxRows();

    /** Most columns of a board accepted (the core solves up to 8). */
    @WithDefault("8")
    int maxCols();

    /** Requests to {@code /api/} per client, answered 429 with {@code Retry-After} beyond it. */
    RateLimit rateLimit();

    interface RateLimit {

        /** Whether requests are limited at all. */
        @WithDefault("true")
        boolean enabled();

        /** Requests a client may make per second, on average. */
        @WithDefault("10000")
        double perSecond();

        /** Requests a client may make at once after a quiet spell. */
        @WithDefault("20000")
        int burst();

        /**
         * A header naming the client (e.g. {@code X-Forwarded-For} behind a proxy that sets it); the remote
         * address when unset or absent from a request.
         */
        Optional<String> clientHeader();
    }

    /**
     * Heavy jobs (optimal or bounded searches past 4x4, which may be shared by every worker and run for up to an
     * hour) one client may have unfinished at once: per API key, or for all clients together while the API takes
     * no keys. More are answered 429 {@code too-many-heavy-jobs}.
     */
    @WithDefault("50")
    int maxUnfinishedHeavyJobs();

    /** Most jobs in one batch request. */
    @WithDefault("1000")
    int maxBatch();

    /**
     * The share of the job store's Redis memory limit (maxmemory) past which new jobs are refused with a 503
     * problem, leaving the rest for the jobs already accepted to start and finish.
     */
    @WithDefault("0.9")
    double storeFullRatio();

    /** Longest long poll a client may ask for with {@code ?wait=S}, in seconds. */
    @WithDefault("30")
    int maxWaitSeconds();
}
