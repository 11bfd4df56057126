package io.npuzzle.protocol;

/**
 * Lua scripts that change a job's state in one atomic round trip each. A job hash only ever gains fields, and
 * the first outcome recorded wins, so redelivered requests and duplicate results can never give a job two
 * different answers.
 */
public final class JobScripts {

    /**
     * Announces a job that has just got its outcome on the finished channel (ARGV[2]) as a
     * {@link FinishedAnnouncement}: its id, request and outcome (ARGV[1]); leaves the request in {@code request}
     * for the script's reply. Formatted with the ARGV that holds the job id.
     */
    private static final String ANNOUNCE_FINISHED = """
            local request = redis.call('HGET', KEYS[1], 'request') or ''
            redis.call('PUBLISH', ARGV[2], %s .. '\\n' .. request .. '\\n' .. ARGV[1])
            """;

    /**
     * A job that shows a sign of life (a start, progress) is due for a re-drive only after its lane's time
     * without a change has passed again (ZADD XX: a job no longer open stays closed). Formatted with the ARGV
     * that holds the job id.
     */
    private static final String PUT_OFF_REDRIVE = """
            local redriveAfter = redis.call('HGET', KEYS[1], 'redriveAfter')
            if redriveAfter then
              local time = redis.call('TIME')
              local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
              redis.call('ZADD', KEYS[2], 'XX', now + tonumber(redriveAfter), %s)
            end
            """;

    /**
     * Creates a job. KEYS[1] = job key, KEYS[2] = the open jobs ({@link RedisKeys#OPEN_JOBS}); ARGV[1] = TTL in
     * seconds, ARGV[2] = the request JSON, ARGV[3] = job id, ARGV[4] = how long (milliseconds) the job may go
     * without a change before it is re-driven, ARGV[5] (optional) = the outcome JSON, for a job answered at once
     * from the cache, which is never open.
     */
    public static final String CREATE = """
            redis.call('HSET', KEYS[1], 'request', ARGV[2], 'revision', 1)
            if ARGV[5] then
              redis.call('HSET', KEYS[1], 'outcome', ARGV[5])
            else
              redis.call('HSET', KEYS[1], 'redriveAfter', ARGV[4])
              local time = redis.call('TIME')
              local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
              redis.call('ZADD', KEYS[2], now + tonumber(ARGV[4]), ARGV[3])
            end
            redis.call('EXPIRE', KEYS[1], ARGV[1])
            return 1
            """;

    /**
     * How many more jobs a lane may hand out, into {@code room}. Where the lane's workers say which of their slots wait
     * for a job ({@link #SLOT_IDLE}), as many as wait, less the jobs handed out and not started: a job is published
     * only for a slot free to take it, so the next slot that frees takes the job whose turn it is then. Elsewhere
     * (no slot says so, as with workers of an earlier release) the lane's window of handed-out jobs not yet started
     * holds as many jobs as its workers started within the last lead time, at least the least window and at most
     * the most. By Little's law a job published next then waits about the lead time to start, however fast or slow
     * the lane's jobs are: a lane of 3x3 jobs keeps its whole window, a flood of hard 15-puzzles only a few jobs
     * ahead of its workers, so a quiet client's job waits behind few of them. Starts, not hand-outs, size the window,
     * so jobs no worker takes never widen it. Expects {@code now} in milliseconds; forgets older starts and slots
     * whose word ran out. Formatted with the keys of the handed-out jobs, the started jobs, the slots and the idle
     * slots, then the ARGVs of the most, the least and the lead time (milliseconds).
     */
    private static final String LANE_ROOM = """
            redis.call('ZREMRANGEBYSCORE', %3$s, '-inf', now)
            redis.call('ZREMRANGEBYSCORE', %4$s, '-inf', now)
            local room
            if redis.call('ZCARD', %3$s) > 0 then
              room = redis.call('ZCARD', %4$s) - redis.call('ZCARD', %1$s)
            else
              redis.call('ZREMRANGEBYSCORE', %2$s, '-inf', now - tonumber(%7$s))
              local window = math.max(tonumber(%6$s), math.min(tonumber(%5$s), redis.call('ZCARD', %2$s)))
              room = window - redis.call('ZCARD', %1$s)
            end
            """;

    /**
     * A worker's slot of a lane waits for a job: it is one of the lane's slots and of its idle ones until its word
     * runs out, and when it was not idle before, it says so on the room channel, so that the API publishes the next
     * job in turn for it ({@link #LANE_ROOM}). Said again before the word runs out. KEYS[1] = the lane's slots,
     * KEYS[2] = its idle slots; ARGV[1] = the slot, ARGV[2] = how long the word holds (milliseconds), ARGV[3] = the
     * room channel, ARGV[4] = the lane's name. Returns 1 when it said so on the channel, 0 when it was idle already.
     */
    public static final String SLOT_IDLE = """
            local time = redis.call('TIME')
            local expires = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000) + tonumber(ARGV[2])
            redis.call('ZADD', KEYS[1], expires, ARGV[1])
            if redis.call('ZADD', KEYS[2], expires, ARGV[1]) == 0 then return 0 end
            redis.call('PUBLISH', ARGV[3], ARGV[4])
            return 1
            """;

    /**
     * A worker's slot of a lane has taken a job: still one of the lane's slots until its word runs out, no longer an
     * idle one. KEYS and ARGV[1..2] as {@link #SLOT_IDLE}'s.
     */
    public static final String SLOT_BUSY = """
            local time = redis.call('TIME')
            local expires = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000) + tonumber(ARGV[2])
            redis.call('ZADD', KEYS[1], expires, ARGV[1])
            redis.call('ZREM', KEYS[2], ARGV[1])
            return 1
            """;

    /** A worker's slot of a lane is gone (its worker stops). KEYS and ARGV[1] as {@link #SLOT_IDLE}'s. */
    public static final String SLOT_GONE = """
            redis.call('ZREM', KEYS[1], ARGV[1])
            redis.call('ZREM', KEYS[2], ARGV[1])
            return 1
            """;

    /**
     * Creates an open job and lets it into its lane by fair share between clients (start-time fair queuing:
     * Goyal, Vin and Cheng, "Start-time Fair Queuing", SIGCOMM 1996, with a client's queue as a flow and a job as
     * a packet of unit length). The job is handed to the workers at once, and is open, when no client waits in the
     * lane and the lane has room ({@link #LANE_ROOM}); else it joins the end of its client's queue, and
     * {@link #DISPATCH} hands it out in its turn (a job in a queue is not open: waiting its turn is not going
     * quiet). A client that starts waiting takes a tag just below the head's, so that it is served next: a quiet
     * client's job never waits behind another's flood. Where the lane lends (KEYS[10]), a client that neither waits
     * in it nor holds a job lent there and not yet started is lent a place past the room: its job is handed out at
     * once and counts in the window until it starts, so a quiet client's job does not wait for the flood's next
     * start; the workers lend it a place too ({@code InFlightPlaces}). KEYS[1] = job key, KEYS[2] = the open
     * jobs, KEYS[3] = the lane's handed-out jobs, KEYS[4] = the lane's waiting clients, KEYS[5] = the client's queue
     * in the lane, KEYS[6] = the lane's client weights, KEYS[7], KEYS[8] and KEYS[9] = the lane's started jobs, slots
     * and idle slots, KEYS[10] (optional) = the job each client was last lent a place for; ARGV[1] = TTL in
     * seconds, ARGV[2] = the request JSON, ARGV[3] = job id, ARGV[4] = how long (milliseconds) the job may go
     * without a change before it is re-driven, ARGV[5] = the client, ARGV[6] = its weight, ARGV[7] = the client's
     * label (its API key's name, or empty), ARGV[8], ARGV[9] and ARGV[10] = the lane's most and least window and its
     * lead time (milliseconds). Returns 1 when the caller is to publish the job now, 0 when it waits its turn.
     */
    public static final String CREATE_IN_LANE = """
            redis.call('HSET', KEYS[1], 'request', ARGV[2], 'revision', 1, 'redriveAfter', ARGV[4],
              'client', ARGV[7])
            redis.call('EXPIRE', KEYS[1], ARGV[1])
            local time = redis.call('TIME')
            local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
            """ + LANE_ROOM.formatted("KEYS[3]", "KEYS[7]", "KEYS[8]", "KEYS[9]", "ARGV[8]", "ARGV[9]",
                    "ARGV[10]") + """
            local function handOut()
              redis.call('ZADD', KEYS[2], now + tonumber(ARGV[4]), ARGV[3])
              redis.call('ZADD', KEYS[3], now, ARGV[3])
              return 1
            end
            if room > 0 and redis.call('ZCARD', KEYS[4]) == 0 then return handOut() end
            if KEYS[10] and not redis.call('ZSCORE', KEYS[4], ARGV[5]) then
              local last = redis.call('HGET', KEYS[10], ARGV[5])
              if not last or not redis.call('ZSCORE', KEYS[3], last) then
                redis.call('HSET', KEYS[10], ARGV[5], ARGV[3])
                redis.call('PEXPIRE', KEYS[10], ARGV[4])
                return handOut()
              end
            end
            redis.call('RPUSH', KEYS[5], ARGV[3])
            redis.call('HSET', KEYS[6], ARGV[5], ARGV[6])
            if not redis.call('ZSCORE', KEYS[4], ARGV[5]) then
              local head = redis.call('ZRANGE', KEYS[4], 0, 0, 'WITHSCORES')
              redis.call('ZADD', KEYS[4], head[2] and tonumber(head[2]) - 0.000001 or 0, ARGV[5])
            end
            return 0
            """;

    /**
     * Hands out the next jobs of a lane, in fair turns between its waiting clients ({@link #CREATE_IN_LANE}), while
     * the lane has room ({@link #LANE_ROOM}): the client with the least tag gives its oldest job, and its tag grows
     * by one over its weight. Jobs that finished while they waited (cancelled) or are gone are passed over. A
     * handed-out job is open from then on. Handed-out jobs older than a lane's quiet time leave the window: the
     * re-drive has them. KEYS[1] = the lane's handed-out jobs, KEYS[2] = its waiting clients, KEYS[3] = its client
     * weights, KEYS[4] = the open jobs, KEYS[5], KEYS[6] and KEYS[7] = its started jobs, slots and idle slots;
     * ARGV[1] = the prefix of the lane's client queues, ARGV[2] = the prefix of job keys, ARGV[3] = the quiet time
     * (milliseconds), ARGV[4] = the most jobs to hand out, ARGV[5], ARGV[6] and ARGV[7] = the lane's most and least
     * window and its lead time (milliseconds). Returns the number of clients still waiting and of the jobs in their
     * queues (cancelled ones until passed over), then the request JSON of each job handed out.
     */
    public static final String DISPATCH = """
            local time = redis.call('TIME')
            local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
            redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - tonumber(ARGV[3]))
            """ + LANE_ROOM.formatted("KEYS[1]", "KEYS[5]", "KEYS[6]", "KEYS[7]", "ARGV[5]", "ARGV[6]",
                    "ARGV[7]") + """
            room = math.min(room, tonumber(ARGV[4]))
            local out = {0, 0}
            local looked = 0
            while room > 0 and looked < 1000 do
              local head = redis.call('ZRANGE', KEYS[2], 0, 0, 'WITHSCORES')
              if #head == 0 then break end
              local client, tag = head[1], tonumber(head[2])
              local queue = ARGV[1] .. client
              local id = redis.call('LPOP', queue)
              looked = looked + 1
              if redis.call('LLEN', queue) == 0 then
                redis.call('ZREM', KEYS[2], client)
                redis.call('HDEL', KEYS[3], client)
              end
              if id then
                local fields = redis.call('HMGET', ARGV[2] .. id, 'request', 'outcome', 'redriveAfter')
                if fields[1] and not fields[2] then
                  if redis.call('ZSCORE', KEYS[2], client) then
                    redis.call('ZADD', KEYS[2], tag + 1 / (tonumber(redis.call('HGET', KEYS[3], client)) or 1), client)
                  end
                  redis.call('ZADD', KEYS[1], now, id)
                  redis.call('ZADD', KEYS[4], now + tonumber(fields[3] or ARGV[3]), id)
                  table.insert(out, fields[1])
                  room = room - 1
                end
              end
            end
            local clients = redis.call('ZRANGE', KEYS[2], 0, -1)
            out[1] = #clients
            for _, client in ipairs(clients) do out[2] = out[2] + redis.call('LLEN', ARGV[1] .. client) end
            return out
            """;

    /** How many jobs each of KEYS (client queues) holds: waiting their turn, cancelled ones until passed over. */
    public static final String WAITING = """
            local counts = {}
            for _, queue in ipairs(KEYS) do table.insert(counts, redis.call('LLEN', queue)) end
            return counts
            """;

    /**
     * A worker starts a job, counting its deliveries; the first start is a change, announced on the changed
     * channel, and every start puts off the job's re-drive. KEYS[1] = job key, KEYS[2] = the open jobs; ARGV[1] =
     * start time, ARGV[2] = the most deliveries a job may have, ARGV[3] = changed channel, ARGV[4] = job id;
     * KEYS[3] (optional) = the jobs handed to the workers of its lane ({@link RedisKeys#laneHandedOut}), which it
     * leaves, making room for the next, and KEYS[4] (optional) = the lane's started jobs
     * ({@link RedisKeys#laneStarted}), which it joins when it left the handed-out ones (the lane's window counts them). Returns {@code {"gone"}} when the job no longer exists, {@code {"finished"}}
     * when it already has an outcome (a redelivery), {@code {"exhausted", deliveries}} when it was delivered more
     * often than allowed (it crashed the workers that took it), else {@code {"start"}}. (The solution cache may
     * live in another Redis, so the script does not read it.)
     */
    public static final String START = """
            if KEYS[3] and redis.call('ZREM', KEYS[3], ARGV[4]) == 1 and KEYS[4] then
              local time = redis.call('TIME')
              redis.call('ZADD', KEYS[4], tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000), ARGV[4])
            end
            if redis.call('EXISTS', KEYS[1]) == 0 then return {'gone'} end
            if redis.call('HEXISTS', KEYS[1], 'outcome') == 1 then return {'finished'} end
            local deliveries = redis.call('HINCRBY', KEYS[1], 'deliveries', 1)
            if deliveries > tonumber(ARGV[2]) then return {'exhausted', deliveries} end
            if redis.call('HSETNX', KEYS[1], 'started', ARGV[1]) == 1 then
              redis.call('HINCRBY', KEYS[1], 'revision', 1)
              redis.call('PUBLISH', ARGV[3], ARGV[4])
            end
            """ + PUT_OFF_REDRIVE.formatted("ARGV[4]") + """
            return {'start'}
            """;

    /**
     * Records a job's outcome unless it has one, then announces the job on the finished channel
     * ({@link FinishedAnnouncement}: its id, request and outcome); the job is no longer open. KEYS[1] = job key,
     * KEYS[2] = the open jobs, further KEYS (optional) = the lanes' jobs handed to the workers
     * ({@link RedisKeys#laneHandedOut}), which it leaves; ARGV[1] = outcome JSON, ARGV[2] = channel,
     * ARGV[3] = job id. Returns {@code {1, client, request}} when recorded (the client's label as
     * {@link #CREATE_IN_LANE} stored it, empty when none, and the request JSON, whose submission time the caller
     * times the job from without reading it again), {@code {0}} when the job is unknown or already finished.
     */
    public static final String FINISH = """
            for i = 2, #KEYS do redis.call('ZREM', KEYS[i], ARGV[3]) end
            if redis.call('EXISTS', KEYS[1]) == 0 then return {0} end
            if redis.call('HSETNX', KEYS[1], 'outcome', ARGV[1]) == 0 then return {0} end
            redis.call('HINCRBY', KEYS[1], 'revision', 1)
            """ + ANNOUNCE_FINISHED.formatted("ARGV[3]") + """
            return {1, redis.call('HGET', KEYS[1], 'client') or '', request}
            """;

    /**
     * Cancels a job that has no outcome yet, by recording a CANCELLED outcome: like any outcome it is final, and
     * the first one recorded wins. Announces the job on the finished channel (long polls, as {@link #FINISH} does)
     * and on the cancelled channel (the worker solving it stops); the job is no longer open. KEYS[1] = job key, KEYS[2] = the open
     * jobs, further KEYS (optional) as {@link #FINISH}'s; ARGV[1] = outcome JSON, ARGV[2] = finished channel,
     * ARGV[3] = cancelled channel, ARGV[4] = job id. Returns {@code {1, request}} when cancelled (the request JSON,
     * as {@link #FINISH} returns it), {@code {0}} when the job is unknown, {@code {-1}} when it has finished
     * already. (A cancelled job still waiting its turn stays in its client's queue until {@link #DISPATCH} passes
     * over it.)
     */
    public static final String CANCEL = """
            for i = 2, #KEYS do redis.call('ZREM', KEYS[i], ARGV[4]) end
            if redis.call('EXISTS', KEYS[1]) == 0 then return {0} end
            if redis.call('HSETNX', KEYS[1], 'outcome', ARGV[1]) == 0 then return {-1} end
            redis.call('HINCRBY', KEYS[1], 'revision', 1)
            """ + ANNOUNCE_FINISHED.formatted("ARGV[4]") + """
            redis.call('PUBLISH', ARGV[3], ARGV[4])
            return {1, request}
            """;

    /**
     * Records the progress of a running job's search and announces the change, unless the job is gone or
     * finished; progress puts off the job's re-drive. KEYS[1] = job key, KEYS[2] = the open jobs; ARGV[1] = progress JSON, ARGV[2] = changed channel, ARGV[3] = job id. Returns 1
     * when recorded, else 0.
     */
    public static final String PROGRESS = """
            if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
            if redis.call('HEXISTS', KEYS[1], 'outcome') == 1 then return 0 end
            redis.call('HSET', KEYS[1], 'progress', ARGV[1])
            redis.call('HINCRBY', KEYS[1], 'revision', 1)
            redis.call('PUBLISH', ARGV[2], ARGV[3])
            """ + PUT_OFF_REDRIVE.formatted("ARGV[3]") + """
            return 1
            """;

    /**
     * Claims the open jobs whose re-drive is due: at most ARGV[2] of them, each claimed by one caller only, since
     * the claim puts its next re-drive off, twice as far each time, so that a job that waits in a long queue is
     * not re-driven over and over. Forgets the open jobs that have an outcome or are gone. KEYS[1] = the open
     * jobs; ARGV[1] = the prefix of job keys, ARGV[2] = the most jobs to claim. Returns for each job claimed its
     * id, its request JSON and how often it has been re-driven now.
     */
    public static final String CLAIM_REDRIVES = """
            local time = redis.call('TIME')
            local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
            local claimed = {}
            for _, id in ipairs(redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now, 'LIMIT', 0, tonumber(ARGV[2]))) do
              local job = ARGV[1] .. id
              local after = redis.call('HGET', job, 'redriveAfter')
              if not after or redis.call('HEXISTS', job, 'outcome') == 1 then
                redis.call('ZREM', KEYS[1], id)
              else
                local times = redis.call('HINCRBY', job, 'redriven', 1)
                redis.call('ZADD', KEYS[1], now + tonumber(after) * 2 ^ math.min(times, 16), id)
                table.insert(claimed, id)
                table.insert(claimed, redis.call('HGET', job, 'request'))
                table.insert(claimed, times)
              end
            end
            return claimed
            """;

    /**
     * The jobs among KEYS (job keys) that are open but missing from the open jobs: stored by a version that kept
     * no such index, they have a request, no outcome and no {@code redriveAfter}. Returns their request JSONs.
     */
    public static final String UNINDEXED_JOBS = """
            local unindexed = {}
            for _, job in ipairs(KEYS) do
              local fields = redis.call('HMGET', job, 'request', 'outcome', 'redriveAfter')
              if fields[1] and not fields[2] and not fields[3] then table.insert(unindexed, fields[1]) end
            end
            return unindexed
            """;

    /**
     * Puts an open job that is missing from the open jobs in them, due as if it had been there since it was
     * submitted: a job that went quiet long ago is due at once. KEYS[1] = job key, KEYS[2] = the open jobs;
     * ARGV[1] = how long (milliseconds) the job may go without a change, ARGV[2] = job id, ARGV[3] = when it was
     * submitted (epoch milliseconds). Returns 1 when indexed, 0 when the job is gone, finished or indexed already.
     */
    public static final String INDEX_OPEN = """
            if redis.call('HEXISTS', KEYS[1], 'request') == 0 then return 0 end
            if redis.call('HEXISTS', KEYS[1], 'outcome') == 1 then return 0 end
            if redis.call('HSETNX', KEYS[1], 'redriveAfter', ARGV[1]) == 0 then return 0 end
            redis.call('ZADD', KEYS[2], 'NX', tonumber(ARGV[3]) + tonumber(ARGV[1]), ARGV[2])
            return 1
            """;

    /**
     * Claims an idempotency key for a job unless it is claimed. KEYS[1] = idempotency key; ARGV[1] = the claim
     * (fingerprint of the request and job id), ARGV[2] = TTL in seconds. Returns the earlier claim, or false
     * when this one was stored.
     */
    public static final String CLAIM = """
            local earlier = redis.call('GET', KEYS[1])
            if earlier then return earlier end
            redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
            return false
            """;

    /**
     * Caches a solution unless the cached one has a better guarantee, so a weaker answer never hides a better one.
     * KEYS[1] = solution key; ARGV[1] = the {@link CachedSolution} JSON, ARGV[2] = TTL in seconds, ARGV[3] = its
     * {@link CachedSolution#guarantee()} (empty when it proves nothing). A guarantee is the proven factor over the
     * shortest length: 1 for optimal answers and unsolvability proofs; entries cached before answers carried a
     * bound read as 1 when optimal. Returns 1 when stored, 0 when the cached entry was kept.
     */
    public static final String STORE_SOLUTION = """
            local new = tonumber(ARGV[3])
            local earlier = redis.call('GET', KEYS[1])
            if earlier then
              if not new then return 0 end
              local cached = cjson.decode(earlier)
              local bound = cached.bound
              if cached.solvable == false or cached.optimal == true then bound = 1 end
              if type(bound) == 'number' and bound < new then return 0 end
            end
            redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
            return 1
            """;

    /** Deletes a solve lock only while it is still its owner's: after its TTL it may belong to someone else. */
    public static final String RELEASE_LOCK = """
            if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
            return 0
            """;

    /**
     * Admits a heavy job against its client's allowance of unfinished ones: forgets the client's jobs that have
     * finished, or whose job is gone a minute after admission (expired, or never stored), then adds this one unless
     * {@code ARGV[1]} are unfinished already. KEYS[1] = the client's heavy jobs (a sorted set, scored by admission
     * time in seconds); ARGV[1] = allowance, ARGV[2] = job id, ARGV[3] = the prefix of job keys, ARGV[4] = TTL in
     * seconds (the jobs'). Returns 1 when admitted, else 0. (It reads the jobs' hashes by name: the job store is
     * one Redis, never a cluster.)
     */
    public static final String ADMIT_HEAVY = """
            local now = tonumber(redis.call('TIME')[1])
            for _, id in ipairs(redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', '+inf')) do
              local job = ARGV[3] .. id
              local gone = redis.call('EXISTS', job) == 0
                and tonumber(redis.call('ZSCORE', KEYS[1], id)) < now - 60
              if gone or redis.call('HEXISTS', job, 'outcome') == 1 then redis.call('ZREM', KEYS[1], id) end
            end
            if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
            redis.call('ZADD', KEYS[1], now, ARGV[2])
            redis.call('EXPIRE', KEYS[1], ARGV[4])
            return 1
            """;

    /** Extends a solve lock by ARGV[2] milliseconds only while it is still the owner's (ARGV[1]). */
    public static final String RENEW_LOCK = """
            if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
            return 0
            """;

    /** What {@link #START} found, from the first element of its reply. */
    public enum Started {
        /** Start solving: the job is RUNNING now. */
        RUN("start"),
        /** The job has an outcome already (a redelivery): nothing to do. */
        FINISHED("finished"),
        /** The job no longer exists (expired): nothing to do. */
        GONE("gone"),
        /** Delivered more often than allowed; the second element is the delivery count. */
        EXHAUSTED("exhausted");

        private final String verdict;

        Started(String verdict) {
            this.verdict = verdict;
        }

        public static Started of(String verdict) {
            for (Started started : values()) {
                if (started.verdict.equals(verdict)) {
                    return started;
                }
            }
            throw new IllegalArgumentException("unknown verdict of the start script: " + verdict);
        }
    }

    /** What {@link #CANCEL} did, from the first element of its reply. */
    public enum Cancelled {
        CANCELLED,
        /** No such job. */
        UNKNOWN,
        /** The job had an outcome already. */
        FINISHED;

        public static Cancelled of(long reply) {
            return reply == 1 ? CANCELLED : reply == 0 ? UNKNOWN : FINISHED;
        }
    }

    private JobScripts() {
    }
}
