package io.npuzzle.worker.store;

import io.npuzzle.protocol.Quality;
import io.npuzzle.protocol.CachedSolution;
import io.npuzzle.protocol.JobScripts;
import io.npuzzle.protocol.RedisKeys;
import io.npuzzle.protocol.SolveOutcome;
import io.npuzzle.protocol.SolveRequest;
import io.npuzzle.runtime.json.JsonCodec;
import io.npuzzle.runtime.redis.RedisScripts;
import io.npuzzle.testsupport.InfrastructureResource;
import io.npuzzle.testsupport.TestInfrastructure;
import io.npuzzle.worker.jobs.JobStart;
import io.npuzzle.worker.messaging.TestJobs;
import io.npuzzle.worker.solve.SolveLocks;
import io.quarkus.redis.datasource.RedisDataSource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The Redis side of the worker against a real Redis: the formats, scripts and expiries the API relies on. */
@QuarkusTest
@WithTestResource(InfrastructureResource.class)
class RedisStoresTest {

    private static final String KEY = "3x3:test";
    private static final CachedSolution OPTIMAL = new CachedSolution(true, "r", true, 1.0, 10);
    private static final CachedSolution FAST = new CachedSolution(true, "rlr", false, 1.0, 10);

    @Inject
    RedisDataSource redis;
    @Inject
    JsonCodec json;
    @Inject
    RedisSolutionCache cache;
    @Inject
    RedisSolveLocks locks;
    @Inject
    RedisJobStartStore starts;

    @BeforeEach
    void setUp() {
        TestInfrastructure.shared().redis().flushAll();
    }

    @Test
    void scriptsRunByTheirShaOnceRedisHoldsThemAndByTheirSourceAfterItForgotThem() {
        String script = "return ARGV[1]";
        assertEquals("first", RedisScripts.run(redis, script, "0", "first").toString());
        long bySha = evalshaCalls();
        assertEquals("second", RedisScripts.run(redis, script, "0", "second").toString());
        assertEquals(bySha + 1, evalshaCalls(), "called by its SHA");

        redis.execute("SCRIPT", "FLUSH");
        assertEquals("third", RedisScripts.run(redis, script, "0", "third").toString(), "loaded again");
    }

    /** EVALSHA calls Redis has counted, from INFO commandstats. */
    private long evalshaCalls() {
        String stats = redis.execute("INFO", "commandstats").toString();
        Matcher calls = Pattern.compile("cmdstat_evalsha:calls=(\\d+)").matcher(stats);
        return calls.find() ? Long.parseLong(calls.group(1)) : 0;
    }

    @Test
    void aFastAnswerFillsAGapInTheCacheButNeverHidesAnOptimalOne() {
        cache.store(KEY, FAST);
        assertEquals(Optional.of(FAST), cache.find(KEY));
        cache.store(KEY, OPTIMAL);
        assertEquals(Optional.of(OPTIMAL), cache.find(KEY), "an optimal answer replaces a fast one");
        cache.store(KEY, FAST);
        assertEquals(Optional.of(OPTIMAL), cache.find(KEY), "a fast answer does not replace an optimal one");
    }

    @Test
    void anAnswerNeverReplacesOneWithABetterGuarantee() {
        CachedSolution loose = new CachedSolution(true, "rlrlr", false, 1.0, 10, 2.0);
        CachedSolution tight = new CachedSolution(true, "rlr", false, 1.0, 10, 1.25);
        cache.store(KEY, FAST);
        cache.store(KEY, loose);
        assertEquals(Optional.of(loose), cache.find(KEY), "a bounded answer replaces a fast one");
        cache.store(KEY, tight);
        assertEquals(Optional.of(tight), cache.find(KEY), "a tighter bound replaces a looser one");
        cache.store(KEY, loose);
        cache.store(KEY, FAST);
        assertEquals(Optional.of(tight), cache.find(KEY));
        cache.store(KEY, OPTIMAL);
        cache.store(KEY, tight);
        assertEquals(Optional.of(OPTIMAL), cache.find(KEY), "nothing replaces an optimal answer but another");
    }

    @Test
    void anEntryCachedBeforeAnswersCarriedABoundStillReadsAndServes() {
        redis.value(String.class).set(RedisKeys.solution(KEY),
                "{\"solvable\":true,\"moves\":\"r\",\"optimal\":true,\"solveMillis\":1.0,\"expanded\":10}");
        assertEquals(1.0, cache.find(KEY).orElseThrow().bound(), "an optimal answer has bound 1");
        assertTrue(cache.find(KEY).orElseThrow().serves(Quality.bounded(1.1)));
        cache.store(KEY, new CachedSolution(true, "rlr", false, 1.0, 10, 1.25));
        assertEquals("r", cache.find(KEY).orElseThrow().moves(), "kept: optimal beats a bound of 1.25");
    }

    @Test
    void aCachedSolutionIsStoredAsJsonThatExpiresAfterTheCacheTtl() {
        cache.store(KEY, OPTIMAL);

        String stored = redis.value(String.class).get(RedisKeys.solution(KEY));
        assertEquals(OPTIMAL, json.read(stored, CachedSolution.class));
        long ttl = redis.key(String.class).ttl(RedisKeys.solution(KEY));
        assertTrue(ttl > Duration.ofDays(29).toSeconds() && ttl <= Duration.ofDays(30).toSeconds(), "ttl " + ttl);
    }

    @Test
    void aSolveLockIsLeasedToOneHolderAtATimeAndGivenUpOnClose() {
        String lock = RedisKeys.solving(KEY, Quality.OPTIMAL);
        Optional<SolveLocks.Lease> lease = locks.tryLock(KEY, Quality.OPTIMAL);
        assertTrue(lease.isPresent());
        assertEquals("test-worker", redis.value(String.class).get(lock), "held in this worker's name");
        long pttl = redis.key(String.class).pttl(lock);
        assertTrue(pttl > 0 && pttl <= SolveLocks.LEASE.toMillis(), "leased, pttl " + pttl);
        assertTrue(locks.tryLock(KEY, Quality.OPTIMAL).isEmpty(), "held already");
        try (SolveLocks.Lease fast = locks.tryLock(KEY, Quality.FAST).orElseThrow()) {
            assertTrue(redis.key(String.class).exists(RedisKeys.solving(KEY, Quality.FAST)), "each mode has its own");
        }

        lease.get().close();
        assertFalse(redis.key(String.class).exists(lock));
    }

    @Test
    void aLockThatLapsedAndWentToAnotherWorkerIsNotGivenUpByItsFormerHolder() {
        String lock = RedisKeys.solving(KEY, Quality.OPTIMAL);
        SolveLocks.Lease lease = locks.tryLock(KEY, Quality.OPTIMAL).orElseThrow();
        redis.value(String.class).set(lock, "another-worker");

        lease.close();
        assertEquals("another-worker", redis.value(String.class).get(lock));
    }

    @Test
    void startingAJobPutsOffItsReDriveByItsQuietTime() {
        SolveRequest request = new TestJobs(redis, json).create("1 2 3 4 5 6 7 0 8");
        redis.sortedSet(String.class).zadd(RedisKeys.OPEN_JOBS, 0, request.jobId());
        long before = System.currentTimeMillis();

        starts.start(request.jobId(), request.lane());

        double due = redis.sortedSet(String.class).zscore(RedisKeys.OPEN_JOBS, request.jobId())
                .getAsDouble();
        assertTrue(due >= before + TestJobs.QUIET_MILLIS, "due the quiet time after the start: " + due);
    }

    @Test
    void startingAJobCountsItsDeliveries() {
        SolveRequest request = new TestJobs(redis, json).create("1 2 3 4 5 6 7 0 8");
        assertEquals(new JobStart.Run(), starts.start(request.jobId(), request.lane()));
        assertEquals(new JobStart.Run(), starts.start(request.jobId(), request.lane()));
        assertEquals(new JobStart.Run(), starts.start(request.jobId(), request.lane()));
        assertEquals(new JobStart.Exhausted(4), starts.start(request.jobId(), request.lane()),
                "npuzzle.worker.max-deliveries is 3");
        assertTrue(redis.hash(String.class).hexists(RedisKeys.job(request.jobId()), RedisKeys.STARTED_FIELD));
    }

    @Test
    void aJobWithAnOutcomeOrNoLongerThereIsSkipped() {
        SolveRequest request = new TestJobs(redis, json).create("1 2 3 4 5 6 7 0 8");
        redis.execute("EVAL", JobScripts.CANCEL, "2", RedisKeys.job(request.jobId()), RedisKeys.OPEN_JOBS,
                json.write(SolveOutcome.cancelled(request.jobId(), "api")), RedisKeys.FINISHED_CHANNEL,
                RedisKeys.CANCELLED_CHANNEL, request.jobId());

        assertEquals(new JobStart.Skip(JobScripts.Started.FINISHED), starts.start(request.jobId(), request.lane()));
        redis.key(String.class).del(RedisKeys.job(request.jobId()));
        JobStart.Skip gone = assertInstanceOf(JobStart.Skip.class, starts.start(request.jobId(), request.lane()));
        assertEquals(JobScripts.Started.GONE, gone.verdict());
    }
}
