package io.npuzzle.worker;

import io.npuzzle.protocol.CachedSolution;
import io.npuzzle.protocol.JobScripts;
import io.npuzzle.protocol.RedisKeys;
import io.quarkus.redis.datasource.RedisDataSource;
import io.vertx.mutiny.redis.client.Response;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;

/**
 * Marks jobs RUNNING in Redis, telling at the same time whether the job still needs work and what is cached, and
 * counting the job's deliveries so that one that keeps crashing workers is given up.
 */
@ApplicationScoped
public class JobStarts {

    /** What starting a job found. */
    public sealed interface Start {
    }

    /** The job no longer exists (expired) or already has an outcome (a redelivered request): nothing to do. */
    public record Skip(String reason) implements Start {
    }

    /** The job was delivered more often than allowed: the workers that took it before did not survive it. */
    public record Exhausted(long deliveries) implements Start {
    }

    /** The job is now RUNNING; {@code cached} is the cache entry for its puzzle, or null. */
    public record Run(CachedSolution cached) implements Start {
    }

    private final RedisDataSource redis;
    private final Json json;
    private final int maxDeliveries;

    JobStarts(RedisDataSource redis, Json json, WorkerConfig config) {
        this.redis = redis;
        this.json = json;
        this.maxDeliveries = Math.max(1, config.maxDeliveries());
    }

    public Start start(String jobId, String canonicalKey) {
        Response reply = redis.execute("EVAL", JobScripts.START, "2", RedisKeys.job(jobId),
                RedisKeys.solution(canonicalKey), Instant.now().toString(), Integer.toString(maxDeliveries));
        String verdict = reply.get(0).toString();
        if (JobScripts.START_EXHAUSTED.equals(verdict)) {
            return new Exhausted(reply.get(1).toLong());
        }
        if (!JobScripts.START_GO.equals(verdict)) {
            return new Skip(verdict);
        }
        Response cached = reply.size() > 1 ? reply.get(1) : null;
        return new Run(cached == null ? null : json.read(cached.toString(), CachedSolution.class));
    }
}
