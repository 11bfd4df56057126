package io.npuzzle.api.config;

import io.npuzzle.core.model.DefaultBudgets;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;
import java.util.Map;
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
         * With API keys on, requests without a valid key (none, or a wrong one) a client address may make per
         * second, on average, before they are answered 429 instead of 401.
         */
        @WithDefault("5")
        double unauthenticatedPerSecond();

        /** With API keys on, requests without a valid key a client address may make at once after a quiet spell. */
        @WithDefault("20")
        int unauthenticatedBurst();

        /**
         * A header naming the client (e.g. {@code X-Forwarded-For} behind a proxy that sets it); the remote
         * address when unset or absent from a request.
         */
        Optional<String> clientHeader();
    }

    /**
     * Heavy jobs (optimal or bounded searches past 4x4, which may be shared by every worker and run for as long as
     * the workers' search budget allows) one client may have unfinished at once: per API key, or for all clients
     * together while the API takes no keys. More are answered 429 {@code too-many-heavy-jobs}.
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

    /**
     * Accepted jobs that go quiet are driven on ({@link io.npuzzle.api.jobs.StaleJobs}): queued or running past
     * their lane's time without a start, progress or outcome, each is finished from the cache where its answer is
     * there, else published again, and FAILED once re-driven {@code max-times}.
     */
    Redrive redrive();

    interface Redrive {

        /** How long a quick job may go without a change: well past a quick solve's budget and its retries. */
        @WithDefault("PT1M")
        Duration quickAfter();

        /**
         * How long a heavy job may go without a change: past a heavy solve's first progress report and a queue
         * of heavy jobs ahead of it (a running search reports progress at least once a second).
         */
        @WithDefault("PT5M")
        Duration heavyAfter();

        /** Re-drives of one job before it is FAILED ({@code redrives-exhausted}); each waits twice as long. */
        @WithDefault("5")
        int maxTimes();

        /** How often each replica looks for jobs due for a re-drive. */
        @WithDefault("PT5S")
        Duration period();
    }

    /**
     * Fair share of each lane between clients ({@link io.npuzzle.api.jobs.LaneDispatch}): at most a window of a
     * lane's jobs are published for the workers and not yet started; the others wait in their client's queue in
     * Redis and are published in fair turns between the clients as the workers start jobs.
     */
    FairShare fairShare();

    interface FairShare {

        /**
         * Quick jobs published and not yet started, at most: enough to keep every worker's quick jobs in flight
         * fed, few enough that a quiet client's job waits behind little of another's flood.
         */
        @WithDefault("32")
        int quickWindow();

        /**
         * Heavy jobs published and not yet started, at most: with one, a quiet client's job is the next to start
         * once the job published before it has; heavy jobs are long, and the next is published as soon as one
         * starts.
         */
        @WithDefault("1")
        int heavyWindow();

        /**
         * How far ahead of its workers, in time, a lane publishes: its window holds as many jobs as its workers
         * started within this time (at least {@link #minWindow()}, at most the lane's window), so that a quiet
         * client's job waits about this long behind a slow flood rather than behind a whole window of it.
         */
        @WithDefault("PT0.2S")
        Duration leadTime();

        /** The least window of a lane (at most the lane's own), however few jobs its workers started lately. */
        @WithDefault("4")
        int minWindow();

        /**
         * How often each replica publishes the next jobs of lanes where clients wait, besides at once when a worker
         * starts a job or a job ends.
         */
        @WithDefault("PT0.25S")
        Duration dispatchPeriod();

        /**
         * Weights by API key name ({@code npuzzle.api.fair-share.weights.<name>}): a client of weight 2 gets two
         * turns in a lane for each turn of a client of weight 1; 1 for clients not named.
         */
        Map<String, Integer> weights();
    }

    /** The outcomes published by workers and not yet recorded ({@link io.npuzzle.api.messaging.OutcomeBacklog}). */
    Outcomes outcomes();

    interface Outcomes {

        /** How often each replica measures the outcome group's backlog. */
        @WithDefault("PT10S")
        Duration watchPeriod();

        /** How long outcomes may wait while the group commits nothing before the backlog counts as stalled. */
        @WithDefault("PT1M")
        Duration stalledAfter();
    }

    /** Longest long poll a client may ask for with {@code ?wait=S} (whole seconds of it count). */
    @WithDefault("PT30S")
    Duration maxWait();

    /** The longest deadline ({@code maxSeconds}) a client may give a job, per lane. */
    MaxSeconds maxSeconds();

    interface MaxSeconds {

        /** Of a quick job: the workers' quick budget. */
        @WithDefault(DefaultBudgets.QUICK_MAX_TIME)
        Duration quick();

        /** Of a heavy job: the budget of a search shared by every worker. */
        @WithDefault(DefaultBudgets.SHARED_SEARCH_MAX_TIME)
        Duration heavy();
    }
}
