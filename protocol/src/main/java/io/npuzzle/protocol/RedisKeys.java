package io.npuzzle.protocol;

/**
 * Names of everything the service keeps in Redis. Keys are built only from ids we issued (checked with
 * {@link JobIds#isWellFormed}) and canonical puzzle keys, never from raw user input.
 *
 * <ul>
 *   <li>{@code npuzzle:job:<id>}: a hash with the job's {@link SolveRequest} as JSON in field {@code request},
 *       the start time in {@code started} once a worker picks it up, the number of times a worker took it up in
 *       {@code deliveries}, the search's last {@link JobProgress} as JSON in {@code progress}, its
 *       {@link SolveOutcome} as JSON in {@code outcome} once finished, and in {@code revision} the number of
 *       changes a client can see (created, started, progress, finished), which numbers the job's live events.
 *       Fields other than {@code progress} and the counters are only ever added, so the state only moves
 *       forward.</li>
 *   <li>{@code npuzzle:solution:<canonical key>}: a {@link CachedSolution} as JSON.</li>
 *   <li>{@code npuzzle:solving:<canonical key>:<quality>}: held by the worker solving that puzzle right now.</li>
 *   <li>{@code npuzzle:idempotency:<SHA-256 of the client's Idempotency-Key>}: the job that key created, with a
 *       fingerprint of its request.</li>
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
    public static final String CHANGED_CHANNEL = "npuzzle:changed";
    public static final String FINISHED_CHANNEL = "npuzzle:finished";
    public static final String CANCELLED_CHANNEL = "npuzzle:cancelled";

    private static final String PREFIX = "npuzzle:";

    private RedisKeys() {
    }

    public static String job(String jobId) {
        if (!JobIds.isWellFormed(jobId)) {
            throw new IllegalArgumentException("not a job id");
        }
        return PREFIX + "job:" + jobId;
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
}
