package io.npuzzle.api.jobs;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.npuzzle.api.ApiConfig;
import io.npuzzle.api.problem.ProblemException;
import io.npuzzle.protocol.CachedSolution;
import io.npuzzle.protocol.Job;
import io.npuzzle.protocol.JobIds;
import io.npuzzle.protocol.JobScripts;
import io.npuzzle.protocol.RedisKeys;
import io.npuzzle.protocol.SolveOutcome;
import io.npuzzle.protocol.SolveRequest;
import io.quarkus.redis.datasource.ReactiveRedisDataSource;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.time.Duration;
import java.util.Map;

/**
 * Job state and cached solutions in Redis, as the API reads and writes them (layout in {@link RedisKeys}). Every
 * call answers within the Redis timeout; when Redis is down or slow it fails with a 503 problem, never hangs.
 */
@ApplicationScoped
public class JobStore {

    private final ReactiveRedisDataSource redis;
    private final ObjectMapper mapper;
    private final String ttlSeconds;
    private final Duration timeout;

    JobStore(ReactiveRedisDataSource redis, ObjectMapper mapper, ApiConfig config,
             @ConfigProperty(name = "quarkus.redis.timeout") Duration timeout) {
        this.redis = redis;
        this.mapper = mapper;
        this.ttlSeconds = Long.toString(config.jobTtl().toSeconds());
        this.timeout = timeout;
    }

    /** Stores a new job; with an outcome when it is answered at once. */
    public Uni<Void> create(SolveRequest request, SolveOutcome outcome) {
        String key = RedisKeys.job(request.jobId());
        Uni<?> created = outcome == null
                ? redis.execute("EVAL", JobScripts.CREATE, "1", key, ttlSeconds, encode(request))
                : redis.execute("EVAL", JobScripts.CREATE, "1", key, ttlSeconds, encode(request), encode(outcome));
        return guarded(created).replaceWithVoid();
    }

    /** The job, or null when the id is unknown, malformed or expired. */
    public Uni<Job> find(String jobId) {
        if (!JobIds.isWellFormed(jobId)) {
            return Uni.createFrom().nullItem();
        }
        return guarded(redis.hash(String.class).hgetall(RedisKeys.job(jobId))).map(this::toJob);
    }

    /** Records an outcome unless the job has one already; true when recorded. Wakes long polls everywhere. */
    public Uni<Boolean> finish(SolveOutcome outcome) {
        if (!JobIds.isWellFormed(outcome.jobId())) {
            return Uni.createFrom().item(false);
        }
        return guarded(redis.execute("EVAL", JobScripts.FINISH, "1", RedisKeys.job(outcome.jobId()), encode(outcome),
                RedisKeys.FINISHED_CHANNEL, outcome.jobId())).map(reply -> reply.toInteger() == 1);
    }

    /** What cancelling a job did. */
    public enum Cancel { CANCELLED, UNKNOWN, FINISHED }

    /** Cancels a job that has not finished; wakes long polls and the worker searching for it. */
    public Uni<Cancel> cancel(String jobId) {
        if (!JobIds.isWellFormed(jobId)) {
            return Uni.createFrom().item(Cancel.UNKNOWN);
        }
        return guarded(redis.execute("EVAL", JobScripts.CANCEL, "1", RedisKeys.job(jobId),
                        encode(SolveOutcome.cancelled(jobId, JobService.API_WORKER)), RedisKeys.FINISHED_CHANNEL,
                        RedisKeys.CANCELLED_CHANNEL, jobId))
                .map(reply -> switch (reply.toInteger()) {
                    case 1 -> Cancel.CANCELLED;
                    case 0 -> Cancel.UNKNOWN;
                    default -> Cancel.FINISHED;
                });
    }

    /**
     * Claims a client's idempotency key for a job; the earlier claim ({@code fingerprint jobId}) when the key was
     * claimed already, else null.
     */
    public Uni<String> claim(String clientKey, String claim, long ttlSeconds) {
        return guarded(redis.execute("EVAL", JobScripts.CLAIM, "1", RedisKeys.idempotency(clientKey), claim,
                Long.toString(ttlSeconds))).map(reply -> reply == null ? null : reply.toString());
    }

    /** Frees a claimed idempotency key, after the request that claimed it failed. */
    public Uni<Void> release(String clientKey) {
        return guarded(redis.key().del(RedisKeys.idempotency(clientKey))).replaceWithVoid();
    }

    /** The cached solution of a canonical puzzle, or null. */
    public Uni<CachedSolution> cachedSolution(String canonicalKey) {
        return guarded(redis.value(String.class).get(RedisKeys.solution(canonicalKey)))
                .map(value -> value == null ? null : decode(value, CachedSolution.class));
    }

    private <T> Uni<T> guarded(Uni<T> call) {
        return call.ifNoItem().after(timeout).fail().onFailure().transform(
                e -> ProblemException.unavailable("the job store is unavailable; try again shortly"));
    }

    private Job toJob(Map<String, String> fields) {
        String request = fields.get(RedisKeys.REQUEST_FIELD);
        if (request == null) {
            return null;
        }
        String outcome = fields.get(RedisKeys.OUTCOME_FIELD);
        return Job.of(decode(request, SolveRequest.class), fields.containsKey(RedisKeys.STARTED_FIELD),
                outcome == null ? null : decode(outcome, SolveOutcome.class));
    }

    private String encode(Object value) {
        try {
            return mapper.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot encode " + value.getClass().getSimpleName(), e);
        }
    }

    private <T> T decode(String text, Class<T> type) {
        try {
            return mapper.readValue(text, type);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("corrupt " + type.getSimpleName() + " in Redis", e);
        }
    }
}
