package io.npuzzle.worker;

import io.npuzzle.protocol.CachedSolution;
import io.npuzzle.protocol.JobScripts;
import io.npuzzle.protocol.RedisKeys;
import io.npuzzle.protocol.SolveRequest;
import io.quarkus.redis.datasource.RedisDataSource;
import io.vertx.mutiny.redis.client.Response;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;

/** Marks jobs RUNNING in Redis, telling at the same time whether the job still needs work and what is cached. */
@ApplicationScoped
public class JobStarts {

    /** What starting a job found. */
    public sealed interface Start {
    }

    /** The job no longer exists (expired) or already has an outcome (a redelivered request): nothing to do. */
    public record Skip(String reason) implements Start {
    }

    /** The job is now RUNNING; {@code cached} is the cache entry for its puzzle, or null. */
    public record Run(CachedSolution cached) implements Start {
    }

    private final RedisDataSource redis;
    private final Json json;

    JobStarts(RedisDataSource redis, Json json) {
        this.redis = redis;
        this.json = json;
    }

    public Start start(SolveRequest request) {
        Response reply = redis.execute("EVAL", JobScripts.START, "2", RedisKeys.job(request.jobId()),
                RedisKeys.solution(request.key()), Instant.now().toString());
        String verdict = reply.get(0).toString();
        if (!JobScripts.START_GO.equals(verdict)) {
            return new Skip(verdict);
        }
        Response cached = reply.size() > 1 ? reply.get(1) : null;
        return new Run(cached == null ? null : json.read(cached.toString(), CachedSolution.class));
    }
}
