package io.npuzzle.protocol;

/** Lua scripts that change a split search's state in Redis in one atomic round trip each ({@link RedisKeys}). */
public final class SearchScripts {

    /**
     * Records a task's result while its iteration is the search's current one; the first result of a task stands.
     * A solution lowers the search's {@code solvedTask} to the task's index, so that the tasks after it, which
     * cannot change the answer, are skipped. KEYS[1] = search key, KEYS[2] = the iteration's results key, KEYS[3] =
     * the search's workers key; ARGV[1] = bound, ARGV[2] = task index, ARGV[3] = result JSON, ARGV[4] = worker id,
     * ARGV[5] = TTL in seconds, ARGV[6] = 1 when the task found a solution, else 0. Returns 1 when recorded, 0 when
     * the search has moved on or ended.
     */
    public static final String RECORD_RESULT = """
            if redis.call('HGET', KEYS[1], 'bound') ~= ARGV[1] then return 0 end
            redis.call('HSETNX', KEYS[2], ARGV[2], ARGV[3])
            if ARGV[6] == '1' then
              local solved = redis.call('HGET', KEYS[1], 'solvedTask')
              if not solved or tonumber(solved) > tonumber(ARGV[2]) then
                redis.call('HSET', KEYS[1], 'solvedTask', ARGV[2])
              end
            end
            redis.call('EXPIRE', KEYS[2], ARGV[5])
            redis.call('SADD', KEYS[3], ARGV[4])
            redis.call('EXPIRE', KEYS[3], ARGV[5])
            return 1
            """;

    /**
     * Ends a search: forgets it, unnames it as its puzzle's search unless another has taken that name, and
     * announces its end. KEYS[1] = the puzzle's split key, KEYS[2] = search key, KEYS[3] = workers key, KEYS[4] =
     * the current iteration's results key; ARGV[1] = search id, ARGV[2] = the search-ended channel.
     */
    public static final String END = """
            if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
            redis.call('DEL', KEYS[2], KEYS[3], KEYS[4])
            redis.call('PUBLISH', ARGV[2], ARGV[1])
            return 1
            """;

    private SearchScripts() {
    }
}
