package io.npuzzle.runtime.traces;

import io.opentelemetry.api.common.AttributeKey;

/** The attributes of the services' spans about a job, by which a trace's spans are searched and read. */
public final class JobAttributes {

    public static final AttributeKey<String> JOB_ID = AttributeKey.stringKey("npuzzle.job.id");
    /** What became of the job here: its outcome's status, or why none was published. */
    public static final AttributeKey<String> OUTCOME = AttributeKey.stringKey("npuzzle.job.outcome");
    public static final AttributeKey<Boolean> CACHE_HIT = AttributeKey.booleanKey("npuzzle.cache.hit");
    /** How long the search waited for its pattern databases to be built, in milliseconds. */
    public static final AttributeKey<Long> DATABASE_WAIT_MS = AttributeKey.longKey("npuzzle.databases.wait_ms");
    public static final AttributeKey<String> STRATEGY = AttributeKey.stringKey("npuzzle.solve.strategy");
    public static final AttributeKey<Long> NODES_EXPANDED = AttributeKey.longKey("npuzzle.solve.nodes_expanded");

    private JobAttributes() {
    }
}
