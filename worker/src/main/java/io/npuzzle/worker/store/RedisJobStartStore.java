package io.npuzzle.worker.store;

import io.npuzzle.core.solve.SolveCost;
import io.npuzzle.protocol.JobScripts;
import io.npuzzle.protocol.RedisKeys;
import io.npuzzle.runtime.redis.RedisScripts;
import io.npuzzle.worker.config.WorkerConfig;
import io.npuzzle.worker.jobs.JobStart;
import io.npuzzle.worker.jobs.JobStartStore;
import io.quarkus.redis.datasource.RedisDataSource;
import io.vertx.mutiny.redis.client.Response;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;

/**
 * Job starts in Redis, by {@link JobScripts#START}: one round trip marks the job RUNNING and counts its delivery.
 */
@ApplicationScoped
public class RedisJobStartStore implements JobStartStore {

    private final RedisDataSource redis;
    private final int maxDeliveries;

    RedisJobStartStore(RedisDataSource redis, WorkerConfig config) {
        this.redis = redis;
        this.maxDeliveries = Math.max(1, config.maxDeliveries());
    }

    @Override
    public JobStart start(String jobId, SolveCost lane) {
        Response reply = RedisScripts.run(redis, JobScripts.START, "4", RedisKeys.job(jobId), RedisKeys.OPEN_JOBS,
                RedisKeys.laneHandedOut(lane), RedisKeys.laneStarted(lane), Instant.now().toString(), Integer.toString(maxDeliveries), RedisKeys.CHANGED_CHANNEL, jobId);
        JobScripts.Started started = JobScripts.Started.of(reply.get(0).toString());
        return switch (started) {
            case RUN -> new JobStart.Run();
            case EXHAUSTED -> new JobStart.Exhausted(reply.get(1).toLong());
            case FINISHED, GONE -> new JobStart.Skip(started);
        };
    }

    @Override
    public boolean awaitsOutcome(String jobId) {
        String key = RedisKeys.job(jobId);
        return redis.key().exists(key) && !redis.hash(String.class).hexists(key, RedisKeys.OUTCOME_FIELD);
    }
}
