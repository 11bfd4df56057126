package io.npuzzle.worker.store;

import io.npuzzle.protocol.RedisKeys;
import io.npuzzle.protocol.SearchScripts;
import io.npuzzle.protocol.SearchTaskResult;
import io.npuzzle.runtime.json.JsonCodec;
import io.npuzzle.runtime.redis.RedisScripts;
import io.npuzzle.worker.search.Iteration;
import io.npuzzle.worker.search.SplitSearchStore;
import io.quarkus.redis.datasource.RedisDataSource;
import io.quarkus.redis.datasource.hash.HashCommands;
import io.quarkus.redis.datasource.keys.KeyCommands;
import io.quarkus.redis.datasource.set.SetCommands;
import io.quarkus.redis.datasource.value.ValueCommands;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** Split searches in Redis under {@link RedisKeys#split}, {@link RedisKeys#search} and the keys beside it. */
@ApplicationScoped
public class RedisSplitSearchStore implements SplitSearchStore {

    /** How long a search's state outlives its last change: a search whose every worker vanished is forgotten. */
    private static final Duration KEPT = Duration.ofDays(1);
    private static final String ROOT_SEPARATOR = " ";
    private static final String TASK_SEPARATOR = ",";

    private final RedisDataSource redis;
    private final HashCommands<String, String, String> hashes;
    private final ValueCommands<String, String> values;
    private final SetCommands<String, String> sets;
    private final KeyCommands<String> keys;
    private final JsonCodec json;

    RedisSplitSearchStore(RedisDataSource redis, JsonCodec json) {
        this.redis = redis;
        this.hashes = redis.hash(String.class);
        this.values = redis.value(String.class);
        this.sets = redis.set(String.class);
        this.keys = redis.key();
        this.json = json;
    }

    @Override
    public Optional<String> searchOf(String puzzleSearchName) {
        return Optional.ofNullable(values.get(RedisKeys.split(puzzleSearchName)));
    }

    @Override
    public Optional<Iteration> current(String searchId) {
        // Every field but the roots, which only a takeover reads.
        Map<String, String> fields = hashes.hmget(RedisKeys.search(searchId), RedisKeys.BOUND_FIELD,
                RedisKeys.DEPTH_FIELD, RedisKeys.TASKS_FIELD, RedisKeys.NODES_FIELD, RedisKeys.STARTED_FIELD,
                RedisKeys.COORDINATOR_FIELD, RedisKeys.SOLVED_TASK_FIELD);
        if (fields.get(RedisKeys.BOUND_FIELD) == null) {
            return Optional.empty();
        }
        return Optional.of(new Iteration(Integer.parseInt(fields.get(RedisKeys.BOUND_FIELD)),
                Integer.parseInt(fields.get(RedisKeys.DEPTH_FIELD)), Integer.parseInt(fields.get(RedisKeys.TASKS_FIELD)),
                Long.parseLong(fields.get(RedisKeys.NODES_FIELD)), Long.parseLong(fields.get(RedisKeys.STARTED_FIELD)),
                fields.get(RedisKeys.COORDINATOR_FIELD), taskIndex(fields.get(RedisKeys.SOLVED_TASK_FIELD))));
    }

    @Override
    public List<List<String>> taskRoots(String searchId) {
        String field = hashes.hget(RedisKeys.search(searchId), RedisKeys.ROOTS_FIELD);
        if (field == null || field.isEmpty()) {
            return List.of();
        }
        return Stream.of(field.split(TASK_SEPARATOR)).map(task -> List.of(task.split(ROOT_SEPARATOR))).toList();
    }

    @Override
    public OptionalInt solvedTask(String searchId) {
        return taskIndex(hashes.hget(RedisKeys.search(searchId), RedisKeys.SOLVED_TASK_FIELD));
    }

    private static OptionalInt taskIndex(String field) {
        return field == null ? OptionalInt.empty() : OptionalInt.of(Integer.parseInt(field));
    }

    @Override
    public void begin(String puzzleSearchName, String searchId, Iteration iteration, List<List<String>> taskRoots) {
        String key = RedisKeys.search(searchId);
        String previous = hashes.hget(key, RedisKeys.BOUND_FIELD);
        hashes.hset(key, Map.of(RedisKeys.BOUND_FIELD, Integer.toString(iteration.bound()),
                RedisKeys.DEPTH_FIELD, Integer.toString(iteration.depth()),
                RedisKeys.TASKS_FIELD, Integer.toString(iteration.tasks()),
                RedisKeys.NODES_FIELD, Long.toString(iteration.nodes()),
                RedisKeys.STARTED_FIELD, Long.toString(iteration.startedMillis()),
                RedisKeys.COORDINATOR_FIELD, iteration.coordinator(),
                RedisKeys.ROOTS_FIELD, taskRoots.stream().map(roots -> String.join(ROOT_SEPARATOR, roots))
                        .collect(Collectors.joining(TASK_SEPARATOR))));
        keys.expire(key, KEPT);
        values.setex(RedisKeys.split(puzzleSearchName), KEPT.toSeconds(), searchId);
        if (previous != null && Integer.parseInt(previous) != iteration.bound()) {
            hashes.hdel(key, RedisKeys.SOLVED_TASK_FIELD);
            keys.del(RedisKeys.searchResults(searchId, Integer.parseInt(previous)));
        }
    }

    @Override
    public Map<Integer, SearchTaskResult> results(String searchId, int bound) {
        Map<Integer, SearchTaskResult> results = new HashMap<>();
        hashes.hgetall(RedisKeys.searchResults(searchId, bound)).forEach((index, result) ->
                results.put(Integer.parseInt(index), json.read(result, SearchTaskResult.class)));
        return results;
    }

    @Override
    public void record(SearchTaskResult result) {
        RedisScripts.run(redis, SearchScripts.RECORD_RESULT, "3", RedisKeys.search(result.searchId()),
                RedisKeys.searchResults(result.searchId(), result.bound()), RedisKeys.searchWorkers(result.searchId()),
                Integer.toString(result.bound()), Integer.toString(result.index()), json.write(result),
                result.workerId(), Long.toString(KEPT.toSeconds()), result.solved() ? "1" : "0");
    }

    @Override
    public int workers(String searchId) {
        return (int) sets.scard(RedisKeys.searchWorkers(searchId));
    }

    @Override
    public void end(String puzzleSearchName, String searchId) {
        int bound = current(searchId).map(Iteration::bound).orElse(0);
        RedisScripts.run(redis, SearchScripts.END, "4", RedisKeys.split(puzzleSearchName), RedisKeys.search(searchId),
                RedisKeys.searchWorkers(searchId), RedisKeys.searchResults(searchId, bound), searchId,
                RedisKeys.SEARCH_ENDED_CHANNEL);
    }
}
