package io.npuzzle.worker.store;

import io.npuzzle.protocol.CachedSolution;
import io.npuzzle.protocol.JobScripts;
import io.npuzzle.protocol.RedisKeys;
import io.npuzzle.runtime.json.JsonCodec;
import io.npuzzle.worker.config.WorkerConfig;
import io.npuzzle.worker.jobs.JobStart;
import io.npuzzle.worker.jobs.JobStartStore;
import io.quarkus.redis.datasource.RedisDataSource;
import io.vertx.mutiny.redis.client.Response;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;
import java.util.Optional;

/**
 * Job starts in Redis, by {@link JobScripts#START}: one round trip marks the job RUNNING, counts its delivery and
 * reads its puzzle's cache entry.
 */
@ApplicationScoped
public class RedisJobStartStore implements JobStartStore {

    private final RedisDataSource redis;
    private final JsonCodec json;
    private final int maxDeliveries;

    RedisJobStartStore(RedisDataSource redis, JsonCodec json, WorkerConfig config) {
        this.redis = redis;
        this.json = json;
        this.maxDeliveries = Math.max(1, config.maxDeliveries());
    }

    @Override
    public JobStart start(String jobId, String puzzleKey) {
        Response reply = redis.execute("EVAL", JobScripts.START, "2", RedisKeys.job(jobId),
                RedisKeys.solution(puzzleKey), Instant.now().toString(), Integer.toString(maxDeliveries),
                RedisKeys.CHANGED_CHANNEL, jobId);
        JobScripts.Started started = JobScripts.Started.of(reply.get(0).toString());
        return switch (started) {
            case RUN -> new JobStart.Run(cached(reply));
            case EXHAUSTED -> new JobStart.Exhausted(reply.get(1).toLong());
            case FINISHED, GONE -> new JobStart.Skip(started);
        };
    }

    @Override
    public boolean awaitsOutcome(String jobId) {
        String key = RedisKeys.job(jobId);
        return redis.key().exists(key) && !redis.hash(String.class).hexists(key, RedisKeys.OUTCOME_FIELD);
    }

    /** The cache entry the script read along (a Lua false arrives as a null element, or none). */
    private Optional<CachedSolution> cached(Response reply) {
        Response cached = reply.size() > 1 ? reply.get(1) : null;
        return cached == null ? Optional.empty() : Optional.of(json.read(cached.toString(), CachedSolution.class));
    }
}
