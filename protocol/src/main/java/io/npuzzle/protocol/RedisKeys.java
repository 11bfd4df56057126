package io.npuzzle.protocol;

import io.npuzzle.core.solve.SolveCost;

/**
 * Names of everything the service keeps in Redis. Keys are built only from ids we issued (checked with
 * {@link JobIds#isWellFormed}) and canonical puzzle keys, never from raw user input.
 *
 * <ul>
 *   <li>{@code npuzzle:job:<id>}: a hash with the job's {@link SolveRequest} as JSON in field {@code request},
 *       the start time in {@code started} once a worker picks it up, the number of times a worker took it up in
 *       {@code deliveries}, the search's last {@link JobProgress} as JSON in {@code progress}, its
 *       {@link SolveOutcome} as JSON in {@code outcome} once finished, and in {@code revision} the number of
 *       changes a client can see (created, started, progress, finished), which numbers the job's live events;
 *       a queued job also has {@code redriveAfter}, the milliseconds it may go without a change before it is
 *       re-driven, and {@code redriven}, how often it was; {@code client}, the label of the client that submitted
 *       it for the meters (its API key's name, empty without keys) (jobs stored by a version before {@code npuzzle:open}
 *       lack {@code redriveAfter} until {@link JobScripts#INDEX_OPEN} adds it). Fields other than {@code progress}
 *       and the counters are only ever added, so the state only moves forward.</li>
 *   <li>{@code npuzzle:open}: a sorted set of the jobs handed to the workers and not finished, each scored by the
 *       time (epoch milliseconds) at which it is due for a re-drive unless it changes before.</li>
 *   <li>{@code npuzzle:lane:<lane>:queue:<client>}: a list of the ids of a client's jobs waiting their turn in a
 *       lane ({@code quick} or {@code heavy}), oldest first; the client is {@code key:<API key name>} or
 *       {@code address:<SHA-256 of its address>}.</li>
 *   <li>{@code npuzzle:lane:<lane>:clients}: a sorted set of the clients with jobs waiting in the lane, each scored
 *       by its fair-share tag ({@link JobScripts#DISPATCH}); {@code npuzzle:lane:<lane>:weights}: a hash of their
 *       weights.</li>
 *   <li>{@code npuzzle:lane:<lane>:handed-out}: a sorted set of the lane's jobs published for the workers and not
 *       started yet, scored by when they were published (epoch milliseconds).</li>
 *   <li>{@code npuzzle:solution:<canonical key>}: a {@link CachedSolution} as JSON.</li>
 *   <li>{@code npuzzle:solving:<canonical key>:<quality>}: held by the worker solving that puzzle right now.</li>
 *   <li>{@code npuzzle:idempotency:<SHA-256 of the client's Idempotency-Key>}: the job that key created, with a
 *       fingerprint of its request.</li>
 *   <li>{@code npuzzle:heavy:<SHA-256 of the client's name>}: the heavy jobs a client submitted that were unfinished
 *       when it last submitted one, counted against its allowance ({@link JobScripts#ADMIT_HEAVY}).</li>
 *   <li>{@code npuzzle:split:<puzzle's search name>}: the id of the split search of that puzzle and quality
 *       ({@link SearchIds}), while it runs.</li>
 *   <li>{@code npuzzle:search:<search id>}: a split search's current iteration: a hash with
 *       its {@code bound}, the frontier {@code depth}, the number of {@code tasks}, the {@code nodes} of the
 *       iterations before it, when the search {@code started} (epoch milliseconds), its {@code coordinator} and
 *       its tasks' {@code roots} (each root the moves from the start; a task's roots separated by spaces, tasks by
 *       commas, in task order); deleted when the search ends.</li>
 *   <li>{@code npuzzle:search:<search id>:results:<bound>}: per task index, the first {@link SearchTaskResult}
 *       recorded for it (as JSON), so that redelivered tasks change nothing.</li>
 *   <li>{@code npuzzle:search:<search id>:workers}: the set of workers that searched its tasks.</li>
 *   <li>channel {@code npuzzle:search-ended}: the id of each split search as it ends, to stop its tasks.</li>
 *   <li>channel {@code npuzzle:finished}: the id of each job as it finishes, to wake long polls.</li>
 *   <li>channel {@code npuzzle:changed}: the id of each job as it starts or reports progress, to wake its live
 *       event streams (which follow {@code npuzzle:finished} too).</li>
 *   <li>channel {@code npuzzle:cancelled}: the id of each job as it is cancelled, to stop its search.</li>
 * </ul>
 */
public final class RedisKeys {

    public static final String REQUEST_FIELD = "request";
    public static final String STARTED_FIELD = "started";
    public static final String OUTCOME_FIELD = "outcome";
    public static final String PROGRESS_FIELD = "progress";
    public static final String REVISION_FIELD = "revision";
    /** Present on every open job that is in {@link #OPEN_JOBS}: how long it may go without a change. */
    public static final String REDRIVE_AFTER_FIELD = "redriveAfter";
    public static final String CHANGED_CHANNEL = "npuzzle:changed";
    public static final String FINISHED_CHANNEL = "npuzzle:finished";
    public static final String CANCELLED_CHANNEL = "npuzzle:cancelled";
    public static final String SEARCH_ENDED_CHANNEL = "npuzzle:search-ended";
    /** Where a worker's slot that has just become idle says so (the lane's name), so the next job is published. */
    public static final String LANE_ROOM_CHANNEL = "npuzzle:lane-room";
    public static final String BOUND_FIELD = "bound";
    public static final String DEPTH_FIELD = "depth";
    public static final String TASKS_FIELD = "tasks";
    public static final String NODES_FIELD = "nodes";
    public static final String COORDINATOR_FIELD = "coordinator";
    public static final String ROOTS_FIELD = "roots";
    /** The least index of a task of the current iteration that found a solution, once one has. */
    public static final String SOLVED_TASK_FIELD = "solvedTask";
    /** The jobs queued or running, scored by when each is due for a re-drive. */
    public static final String OPEN_JOBS = "npuzzle:open";

    private static final String PREFIX = "npuzzle:";
    /** What every job key starts with. */
    public static final String JOB_KEY_PREFIX = PREFIX + "job:";

    private RedisKeys() {
    }

    public static String job(String jobId) {
        if (!JobIds.isWellFormed(jobId)) {
            throw new IllegalArgumentException("not a job id");
        }
        return JOB_KEY_PREFIX + jobId;
    }

    /** The jobs of a lane handed to the workers and not started yet. */
    public static String laneHandedOut(SolveCost lane) {
        return lane(lane) + "handed-out";
    }

    /** The jobs of a lane that workers started lately, by start time (milliseconds); the lane's window reads them. */
    public static String laneStarted(SolveCost lane) {
        return lane(lane) + "started";
    }

    /**
     * The workers' slots of a lane that say where they stand ({@link JobScripts#SLOT_IDLE}), by when their word runs
     * out (milliseconds): a slot that stops saying so is gone.
     */
    public static String laneSlots(SolveCost lane) {
        return lane(lane) + "slots";
    }

    /** Those of {@link #laneSlots} that wait for a job, by when their word runs out (milliseconds). */
    public static String laneIdleSlots(SolveCost lane) {
        return lane(lane) + "idle-slots";
    }

    /**
     * The job each client of a lane was last lent a place for past the lane's room ({@link JobScripts#CREATE_IN_LANE}),
     * by client; the whole hash runs out a quiet time after the last loan.
     */
    public static String laneLent(SolveCost lane) {
        return lane(lane) + "lent";
    }

    /** The clients with jobs waiting their turn in a lane, by fair-share tag. */
    public static String laneClients(SolveCost lane) {
        return lane(lane) + "clients";
    }

    /** The weights of the clients waiting in a lane. */
    public static String laneWeights(SolveCost lane) {
        return lane(lane) + "weights";
    }

    /** What the queue of each client in a lane is named after: the prefix, then the client. */
    public static String laneQueuePrefix(SolveCost lane) {
        return lane(lane) + "queue:";
    }

    /**
     * A client's jobs waiting their turn in a lane: {@code key:<name>} for an API key's (names are configured, of
     * lower-case letters and digits) or {@code address:} and the SHA-256 of an address, so no raw input is in a key.
     */
    public static String laneQueue(SolveCost lane, String client) {
        if (!client.matches("(key:[a-z0-9]+|address:[0-9a-f]{64})")) {
            throw new IllegalArgumentException("not a client of a lane");
        }
        return laneQueuePrefix(lane) + client;
    }

    private static String lane(SolveCost lane) {
        return PREFIX + "lane:" + lane.label() + ":";
    }

    /** The key under which a client's idempotency key is kept: hashed, so the client's text never reaches Redis. */
    public static String idempotency(String clientKey) {
        return PREFIX + "idempotency:" + Hashes.sha256Hex(clientKey);
    }

    public static String solution(String canonicalKey) {
        return PREFIX + "solution:" + canonicalKey;
    }

    /** The lock of a search: one per puzzle and {@link Quality#label()}, so searches of other ratios never wait. */
    public static String solving(String canonicalKey, Quality quality) {
        return PREFIX + "solving:" + canonicalKey + ":" + quality.label();
    }

    /** The unfinished heavy jobs of a client: an API key's name, or null for the clients of an API without keys. */
    public static String heavyJobs(String owner) {
        return PREFIX + "heavy:" + Hashes.sha256Hex(owner == null ? "" : "key:" + owner);
    }

    /** The id of the split search of a puzzle and quality ({@link SearchIds#ofPuzzle}). */
    public static String split(String puzzleSearchName) {
        return PREFIX + "split:" + checked(puzzleSearchName);
    }

    /** A split search's current iteration. */
    public static String search(String searchId) {
        return PREFIX + "search:" + checked(searchId);
    }

    /** The task results of one iteration of a split search. */
    public static String searchResults(String searchId, int bound) {
        return search(searchId) + ":results:" + bound;
    }

    /** The workers that took part in a split search. */
    public static String searchWorkers(String searchId) {
        return search(searchId) + ":workers";
    }

    private static String checked(String searchId) {
        if (!SearchIds.isWellFormed(searchId)) {
            throw new IllegalArgumentException("not a search id");
        }
        return searchId;
    }
}
