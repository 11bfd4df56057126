package io.npuzzle.worker.config;

import io.npuzzle.core.board.Shape;
import io.npuzzle.core.model.DefaultBudgets;
import io.npuzzle.core.pdb.PatternDatabases;
import io.quarkus.runtime.configuration.MemorySize;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Settings of a worker, under {@code npuzzle.worker}. */
@ConfigMapping(prefix = "npuzzle.worker")
public interface WorkerConfig {

    /** This worker's name in logs, solve locks and the outcomes it publishes; host name and process id when unset. */
    Optional<String> id();

    /** Quick solves that may run at once; one per core when unset. */
    Optional<Integer> concurrency();

    /**
     * Quick jobs started at once, counting those waiting on Redis or Kafka or for a solve slot; as many again are
     * lent, each to an owner that holds none ({@code InFlightPlaces}).
     */
    @WithDefault("8")
    int inFlight();

    /**
     * Quick-lane records handled at once: the jobs in flight and the records waiting for an in-flight place, in
     * their owners' turns. Sizes the messaging layer's {@code solvers} thread pool and the Redis pool.
     */
    @WithDefault("24")
    int inHand();

    /** Budget of one quick solve; a job that exceeds it ends FAILED. */
    Solve solve();

    /** Heavy solves: their own slots and budget, so that they never hold up quick jobs. */
    Heavy heavy();

    /**
     * Deliveries of one job before it is finished FAILED instead of being solved again, so that a job that crashed
     * workers (an out-of-memory exit, a killed container) cannot crash them all in turn.
     */
    @WithDefault("3")
    int maxDeliveries();

    /** How long a stopping worker waits for the jobs in hand to finish; the rest are redelivered elsewhere. */
    @WithDefault("10s")
    Duration shutdownGrace();

    /** Pattern databases: which 4x4 set, where they are stored, and what happens to those the store lacks. */
    Databases databases();

    /**
     * How long an optimal search runs on its worker alone before that worker cuts it into subtree tasks that every
     * worker shares, coordinating them ({@link Search}).
     */
    @WithDefault("2s")
    Duration splitAfter();

    /** Optimal searches shared by every worker: tasks per iteration, tasks searched here at once, budgets. */
    Search search();

    /** How long a cached solution is kept. */
    @WithDefault("P30D")
    Duration cacheTtl();

    interface Solve {

        @WithDefault(DefaultBudgets.QUICK_MAX_NODES)
        long maxNodes();

        @WithDefault(DefaultBudgets.QUICK_MAX_TIME)
        Duration maxTime();

        /** Tries of a solve that throws before its job ends FAILED. */
        @WithDefault("3")
        int attempts();

        /**
         * Memory one search may hold; unset: half of the heap, split among the heavy solve slots (quick solves
         * hold no memory of their own).
         */
        Optional<MemorySize> maxMemory();
    }

    interface Heavy {

        /** Heavy solves that may run at once, each holding up to its memory budget; as many are in flight. */
        @WithDefault("1")
        int concurrency();

        @WithDefault(DefaultBudgets.HEAVY_MAX_NODES)
        long maxNodes();

        @WithDefault(DefaultBudgets.HEAVY_MAX_TIME)
        Duration maxTime();

        /**
         * How long the broker keeps a heavy job's record locked to its worker between renewals, set on the share
         * group: once a worker that died is out of the group, its job goes to another within this.
         */
        @WithDefault("PT10S")
        Duration lockDuration();

        /**
         * How long the share group waits for a silent member before handing its partitions to the others, set on
         * the group: a worker that dies holds its partitions this long.
         */
        @WithDefault("PT10S")
        Duration sessionTimeout();
    }

    interface Search {

        /** Whether long optimal searches are split into tasks for every worker; off, each stays on one worker. */
        @WithDefault("true")
        boolean split();

        /**
         * Most tasks one iteration is cut into: enough for every worker that may share a long iteration to take
         * about twenty, so that the unequal sizes of subtrees even out.
         */
        @WithDefault("256")
        int tasks();

        /**
         * Nodes a task is meant to take, from the iteration's expected size (the last one's times its growth):
         * iterations too small for {@link #tasks()} tasks of this size get fewer, larger ones, as every task costs
         * a few milliseconds of messages beside its search. bench/distributed prints that overhead (bench/RESULTS.md).
         */
        @WithDefault("500000")
        long taskNodes();

        /**
         * Tasks queued for one worker at a time, the next sent as one comes back: two, so that a worker has its
         * next task at hand while the coordinator hears of the last, and none waits on a busy worker's partitions
         * while another has nothing to do.
         */
        @WithDefault("2")
        int tasksPerWorker();

        /** Tasks this worker searches at once, between and beside its jobs. */
        @WithDefault("1")
        int concurrency();

        /** Budget of a split search, from its start; an hour allows optimal answers to most 24-puzzles. */
        @WithDefault(DefaultBudgets.SHARED_SEARCH_MAX_TIME)
        Duration maxTime();

        /** Budgets per board shape ({@code 5x5}), in place of {@link #maxTime()}. */
        Map<String, ShapeBudget> shapes();

        interface ShapeBudget {

            Duration maxTime();
        }
    }

    interface Databases {

        /**
         * {@code 6-6-3}, or {@code 7-8} for the large set of 4x4, 4x5 and 5x5 (288, 419 and 383 MB; loaded in the
         * background from the store, the standard set answering until it is in memory). Unset: 6-6-3.
         */
        Optional<String> set();

        /** Where the databases are stored: one directory that every worker of a deployment shares. */
        Path directory();

        /**
         * The shapes whose databases the background build prepares, such as {@code 4x4,5x5}. Unset: every shape's.
         * A search still waits for, and has built, the databases of a shape left out.
         */
        Optional<Set<Shape>> plan();

        /**
         * What this worker does about the databases the store lacks: builds them in the background while searches
         * wait for them, waits for another process to build them, or runs searches without them.
         */
        @WithDefault("build")
        MissingDatabases missing();

        /**
         * Databases with more entries are never built by a search itself, only by the background build: the 5x5
         * set takes minutes and a GB to build.
         */
        @WithDefault(PatternDatabases.QUICK_BUILD_ENTRIES)
        long maxBuildEntries();

        /**
         * A background build that no search waits for pauses while this worker searches, and resumes once it has
         * been without searches this long: long enough to span the gaps between the jobs of a steady load, so that
         * the build takes no processor time from serving them.
         */
        @WithDefault("250ms")
        Duration buildResumesAfter();
    }
}
