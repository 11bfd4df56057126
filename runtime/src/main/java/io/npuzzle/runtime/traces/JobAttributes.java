package io.npuzzle.runtime.traces;

import io.opentelemetry.api.common.AttributeKey;

/** The attributes of the services' spans about a job and its search, by which a trace's spans are found and read. */
public final class JobAttributes {

    public static final AttributeKey<String> JOB_ID = AttributeKey.stringKey("npuzzle.job.id");
    /** What became of the job here: its outcome's status, or why none was published. */
    public static final AttributeKey<String> OUTCOME = AttributeKey.stringKey("npuzzle.job.outcome");
    /** The worker that handled the job. */
    public static final AttributeKey<String> WORKER_ID = AttributeKey.stringKey("npuzzle.worker.id");
    public static final AttributeKey<Boolean> CACHE_HIT = AttributeKey.booleanKey("npuzzle.cache.hit");
    /** How long the search waited for its pattern databases to be built, in milliseconds. */
    public static final AttributeKey<Long> DATABASE_WAIT_MS = AttributeKey.longKey("npuzzle.databases.wait_ms");
    public static final AttributeKey<String> STRATEGY = AttributeKey.stringKey("npuzzle.solve.strategy");
    public static final AttributeKey<Long> NODES_EXPANDED = AttributeKey.longKey("npuzzle.solve.nodes_expanded");
    /** The shared search a task belongs to, and the task's place in its iteration. */
    public static final AttributeKey<String> SEARCH_ID = AttributeKey.stringKey("npuzzle.search.id");
    public static final AttributeKey<Long> TASK_INDEX = AttributeKey.longKey("npuzzle.search.task");

    private JobAttributes() {
    }
}
