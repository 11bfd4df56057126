package io.npuzzle.api.store;

import io.npuzzle.api.problem.ProblemException;
import io.npuzzle.protocol.ProblemType;
import io.npuzzle.runtime.redis.RedisScripts;
import io.quarkus.redis.datasource.ReactiveRedisDataSource;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.redis.client.Response;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** Redis calls bounded by the Redis timeout: past it, or on any failure, a call fails with a 503 problem. */
@ApplicationScoped
class RedisCalls {

    private final ReactiveRedisDataSource redis;
    private final Duration timeout;

    RedisCalls(ReactiveRedisDataSource redis, @ConfigProperty(name = "quarkus.redis.timeout") Duration timeout) {
        this.redis = redis;
        this.timeout = timeout;
    }

    ReactiveRedisDataSource redis() {
        return redis;
    }

    /**
     * The call, bounded by the timeout; any failure becomes a 503 problem: {@link ProblemType#STORE_FULL} when
     * Redis refused a write for want of memory (it never evicts jobs), else {@link ProblemType#UNAVAILABLE}.
     */
    <T> Uni<T> guarded(Uni<T> call) {
        return call.ifNoItem().after(timeout).fail().onFailure().transform(RedisCalls::problem);
    }

    private static ProblemException problem(Throwable failure) {
        String message = failure.getMessage();
        // Redis answers a write past maxmemory with an error that starts with OOM (also inside a script).
        return message != null && message.contains("OOM ")
                ? new ProblemException(ProblemType.STORE_FULL,
                "the job store is full until older jobs expire; try again later")
                : new ProblemException(ProblemType.UNAVAILABLE, "the job store is unavailable; try again shortly");
    }

    /** Runs one of the {@link io.npuzzle.protocol.JobScripts} on one key; its reply, or null for a nil reply. */
    Uni<Response> eval(String script, String key, String... args) {
        return eval(script, List.of(key), args);
    }

    /** Runs one of the {@link io.npuzzle.protocol.JobScripts} on its keys; its reply, or null for a nil reply. */
    Uni<Response> eval(String script, List<String> keys, String... args) {
        return guarded(RedisScripts.run(redis, script, keysAndArgs(keys, args)));
    }

    /** Runs one of the {@link io.npuzzle.protocol.JobScripts} once a call, in one round trip; replies in order. */
    Uni<List<Response>> evalAll(String script, List<Call> calls) {
        return guarded(RedisScripts.runAll(redis, script, calls.stream()
                .map(call -> keysAndArgs(call.keys(), call.args())).toList()));
    }

    /** One call of a script: its keys and its arguments. */
    record Call(List<String> keys, String... args) {
    }

    private static String[] keysAndArgs(List<String> keys, String... args) {
        List<String> arguments = new ArrayList<>(args.length + keys.size() + 1);
        arguments.add(Integer.toString(keys.size()));
        arguments.addAll(keys);
        arguments.addAll(List.of(args));
        return arguments.toArray(String[]::new);
    }
}
