package io.npuzzle.api.inmemory;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.npuzzle.api.config.ApiConfig;
import io.npuzzle.api.jobs.Client;
import io.npuzzle.api.jobs.LaneDispatch;
import io.npuzzle.api.jobs.BatchSubmissions;
import io.npuzzle.api.jobs.IdempotentSubmissions;
import io.npuzzle.api.jobs.JobService;
import io.npuzzle.api.jobs.JobWaiters;
import io.npuzzle.api.metrics.JobMetrics;
import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.model.Mode;
import io.npuzzle.protocol.CachedSolution;
import io.npuzzle.protocol.JobIds;
import io.npuzzle.protocol.JobStatus;
import io.npuzzle.protocol.Quality;
import io.npuzzle.protocol.SolveRequest;
import io.npuzzle.runtime.json.JsonCodec;
import io.npuzzle.runtime.json.ProtocolJson;
import io.npuzzle.runtime.metrics.CacheLookups;

import java.time.Duration;
import java.util.Map;
import java.time.Instant;
import java.util.List;

/** A {@link JobService} wired to in-memory stand-ins for Redis and Kafka, and meters the test can read. */
public final class JobServiceFixture {

    /** A 3x3 board (a quick job) and a 5x5 one (a heavy job in optimal mode). */
    public static final String BOARD_3X3 = "2 3 4 1 5 0 7 6 8";
    public static final String BOARD_5X5 = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 0 24";
    /** Cached answers of {@link #BOARD_3X3}: an optimal one, and a longer fast one. */
    public static final CachedSolution OPTIMAL = new CachedSolution(true, "ullddrurdllurdruldr", true, 0.2, 40);
    public static final CachedSolution FAST = new CachedSolution(true, "ullddrurdllurdruldrrulldr", false, 0.1, 9);

    /** The client of the jobs these tests submit. */
    public static final Client CLIENT = Client.ofAddress("127.0.0.1");
    /** Fair share as configured by default; this store hands every job out at once. */
    static final ApiConfig.FairShare FAIR_SHARE = new ApiConfig.FairShare() {
        @Override
        public int quickWindow() {
            return 32;
        }

        @Override
        public int heavyWindow() {
            return 2;
        }

        @Override
        public Duration leadTime() {
            return Duration.ofMillis(200);
        }

        @Override
        public int minWindow() {
            return 4;
        }

        @Override
        public Duration dispatchPeriod() {
            return Duration.ofMillis(250);
        }

        @Override
        public Map<String, Integer> weights() {
            return Map.of();
        }
    };

    public final InMemoryJobStore store = new InMemoryJobStore();
    public final InMemorySolutionCache cache = new InMemorySolutionCache();
    public final InMemoryJobQueue queue = new InMemoryJobQueue();
    public final InMemoryIdempotencyKeys keys = new InMemoryIdempotencyKeys();
    public final JobWaiters waiters = new JobWaiters();
    public final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    public final JobMetrics metrics = new JobMetrics(registry, new CacheLookups(registry, "api"));
    public final JsonCodec json = new JsonCodec(protocolMapper(), registry);
    /** Set to make the store refuse new jobs as a nearly full Redis does. */
    public volatile boolean storeFull;
    /** Heavy jobs one client may have unfinished. */
    public volatile int heavyJobLimit = 50;
    public final LaneDispatch dispatch = new LaneDispatch(store, queue, metrics, FAIR_SHARE);
    public final JobService jobs = new JobService(store, cache, queue, waiters, () -> storeFull, metrics,
            () -> heavyJobLimit, dispatch, json);
    public final IdempotentSubmissions submissions = new IdempotentSubmissions(jobs, keys);
    public final BatchSubmissions batches = new BatchSubmissions(jobs, keys);

    /** A mapper with the protocol's customisation, as the services' codec has. */
    private static ObjectMapper protocolMapper() {
        ObjectMapper mapper = new ObjectMapper().findAndRegisterModules();
        new ProtocolJson().customize(mapper);
        return mapper;
    }

    /** How often a counter of the service counted, 0 when it never did. */
    public double count(String meter, String tag, String value) {
        Counter counter = registry.find(meter).tag(tag, value).counter();
        return counter == null ? 0 : counter.count();
    }

    /** How many jobs of a lane (quick, heavy) finished with a status were timed from their submission. */
    public long timed(String lane, JobStatus status) {
        Timer latency = registry.find("npuzzle.jobs.latency").tags("lane", lane, "status", status.name()).timer();
        return latency == null ? 0 : latency.count();
    }

    /** The same request, submitted {@code ago} before now. */
    public static SolveRequest submittedBefore(SolveRequest request, Duration ago) {
        return new SolveRequest(request.jobId(), request.key(), request.board(), request.rows(), request.cols(),
                request.goal(), request.mode(), Instant.now().minus(ago), request.ratio(), request.owner(),
                request.maxSeconds());
    }

    /** A validated request for a board of the default goal, with a fresh id, as the REST layer makes it. */
    public static SolveRequest request(String board, int rows, int cols, Mode mode) {
        return request(board, rows, cols, new Quality(mode, null));
    }

    public static SolveRequest request(String board, int rows, int cols, Quality quality) {
        Puzzle puzzle = Puzzle.parse(board, rows, cols, null);
        return new SolveRequest(JobIds.next(), puzzle.canonicalKey(), puzzle.start().toString(), rows, cols,
                puzzle.goal().toString(), quality.mode(), Instant.now(), quality.ratio());
    }
}
