package io.npuzzle.runtime.redis;

import io.npuzzle.protocol.Hashes;
import io.quarkus.redis.datasource.ReactiveRedisDataSource;
import io.quarkus.redis.datasource.RedisDataSource;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.redis.client.Command;
import io.vertx.mutiny.redis.client.Request;
import io.vertx.mutiny.redis.client.Response;

import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Runs the services' Lua scripts by their SHA1 (EVALSHA), so that Redis neither receives nor hashes a script's
 * source on every call. A Redis that does not hold the script (restarted, flushed, or not asked for it yet) answers
 * NOSCRIPT, and the call is made again with the source (EVAL), which loads it for the calls after.
 */
public final class RedisScripts {

    private static final ConcurrentHashMap<String, String> SHAS = new ConcurrentHashMap<>();

    private RedisScripts() {
    }

    /**
     * Runs {@code script} and returns its reply.
     *
     * @param keysAndArgs the key count, the keys, then the arguments, as EVAL takes them after the script
     */
    public static Response run(RedisDataSource redis, String script, String... keysAndArgs) {
        try {
            return redis.execute("EVALSHA", withFirst(sha(script), keysAndArgs));
        } catch (RuntimeException e) {
            if (!isMissingScript(e)) {
                throw e;
            }
            return redis.execute("EVAL", withFirst(script, keysAndArgs));
        }
    }

    /** {@link #run(RedisDataSource, String, String...)} without blocking. */
    public static Uni<Response> run(ReactiveRedisDataSource redis, String script, String... keysAndArgs) {
        return redis.execute("EVALSHA", withFirst(sha(script), keysAndArgs))
                .onFailure(RedisScripts::isMissingScript)
                .recoverWithUni(() -> redis.execute("EVAL", withFirst(script, keysAndArgs)));
    }

    /**
     * Runs {@code script} once for each of {@code calls} in one round trip (pipelined on one connection), and
     * returns their replies in the same order. Where Redis does not hold the script, each call is made again as
     * {@link #run(ReactiveRedisDataSource, String, String...)} makes it.
     */
    public static Uni<List<Response>> runAll(ReactiveRedisDataSource redis, String script, List<String[]> calls) {
        String sha = sha(script);
        List<Request> requests = calls.stream().map(keysAndArgs -> {
            Request request = Request.cmd(Command.EVALSHA).arg(sha);
            for (String each : keysAndArgs) {
                request.arg(each);
            }
            return request;
        }).toList();
        return redis.getRedis().batch(requests)
                .onFailure(RedisScripts::isMissingScript)
                .recoverWithUni(() -> Uni.join().all(calls.stream().map(keysAndArgs -> run(redis, script,
                        keysAndArgs)).toList()).andFailFast());
    }

    private static String sha(String script) {
        return SHAS.computeIfAbsent(script, Hashes::sha1Hex);
    }

    /** Redis' NOSCRIPT error, as a call gets it, or as a batch does ({@code ERR [i] NOSCRIPT ...}). */
    private static boolean isMissingScript(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause.getMessage() != null && cause.getMessage().contains("NOSCRIPT")) {
                return true;
            }
        }
        return false;
    }

    private static String[] withFirst(String first, String[] rest) {
        String[] arguments = new String[rest.length + 1];
        arguments[0] = first;
        System.arraycopy(rest, 0, arguments, 1, rest.length);
        return arguments;
    }
}
