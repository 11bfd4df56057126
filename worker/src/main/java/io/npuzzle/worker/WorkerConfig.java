package io.npuzzle.worker;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;
import java.util.Optional;

/** Settings of a worker, under {@code npuzzle.worker}. */
@ConfigMapping(prefix = "npuzzle.worker")
public interface WorkerConfig {

    /** Name in logs and in the outcomes this worker publishes; host name and process id when unset. */
    Optional<String> id();

    /** Solves that may run at once; one per core when unset. */
    Optional<Integer> concurrency();

    /**
     * Jobs handled at once, counting those waiting on Redis or Kafka or for a solve slot. Sizes the
     * {@code solvers} worker pool of the messaging layer.
     */
    @WithDefault("8")
    int inFlight();

    /** Budget of one solve; a job that exceeds it ends FAILED. */
    Solve solve();

    /** How long a stopping worker waits for the jobs in hand to finish; the rest are redelivered elsewhere. */
    @WithDefault("10s")
    Duration shutdownGrace();

    /** How long a cached solution is kept. */
    @WithDefault("P30D")
    Duration cacheTtl();

    interface Solve {

        @WithDefault("20000000")
        long maxNodes();

        @WithDefault("5000")
        long maxMillis();

        /** Tries of a solve that throws before its job ends FAILED. */
        @WithDefault("3")
        int attempts();
    }
}
