package io.npuzzle.worker.messaging;

import io.npuzzle.core.board.Board;
import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.board.Shape;
import io.npuzzle.core.model.Mode;
import io.npuzzle.core.model.ProgressListener;
import io.npuzzle.core.model.SolveResult;
import io.npuzzle.protocol.CachedSolution;
import io.npuzzle.protocol.JobIds;
import io.npuzzle.protocol.JobScripts;
import io.npuzzle.protocol.JobResult;
import io.npuzzle.protocol.JobStatus;
import io.npuzzle.protocol.ProblemType;
import io.npuzzle.protocol.Quality;
import io.npuzzle.protocol.RedisKeys;
import io.npuzzle.protocol.SolveOutcome;
import io.npuzzle.protocol.SolveRequest;
import io.npuzzle.protocol.Topics;
import io.npuzzle.runtime.json.JsonCodec;
import io.npuzzle.testsupport.InfrastructureResource;
import io.npuzzle.testsupport.TestInfrastructure;
import io.npuzzle.worker.config.WorkerConfig;
import io.npuzzle.worker.jobs.JobFlow;
import io.npuzzle.worker.metrics.WorkerMetrics;
import io.npuzzle.worker.search.SplitSearches;
import io.npuzzle.worker.solve.Answer;
import io.npuzzle.worker.solve.Asker;
import io.npuzzle.worker.solve.CacheAndLockAnswers;
import io.npuzzle.worker.solve.InFlightPlaces;
import io.npuzzle.worker.solve.SearchThreads;
import io.npuzzle.worker.solve.SolverSlots;
import io.npuzzle.worker.solve.WorkerDatabases;
import io.npuzzle.worker.store.CancelledJobs;
import io.quarkus.redis.datasource.RedisDataSource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusMock;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.enterprise.inject.Vetoed;
import jakarta.inject.Inject;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

@QuarkusTest
@WithTestResource(InfrastructureResource.class)
class WorkerPipelineTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    /** A random 6x6 arrangement (no pattern databases, so A*): far beyond the test budget of 200,000 nodes. */
    /** 4x4 boards, which no exact table covers: their jobs look in the cache and take the puzzle's lock. */
    private static final String TWO_MOVES = "1 2 3 4 5 6 7 8 9 10 11 12 13 0 14 15";
    private static final String THIRTY_ONE_MOVES = "3 6 11 4 1 2 7 8 10 0 15 13 5 9 14 12";
    /**
     * Korf's first 15-puzzle turned half a turn and its tiles renumbered for the blank-last goal (57 moves): a search
     * that looks at its cancellation many times before the test's node budget.
     */
    private static final String KORF_1 = "13 6 8 12 15 14 0 10 11 7 4 5 9 1 3 2";
    private static final String HARD_6X6 = "23 24 13 26 7 6 8 18 0 33 34 27 21 11 10 22 31 1 17 2 4 9 14 3 30 19 20 15 16 25 5 12 32 35 29 28";

    @Inject
    SplitSearches splitSearches;
    @Inject
    RedisDataSource redis;
    @Inject
    JsonCodec json;
    @Inject
    JobFlow flow;
    @Inject
    CancelledJobs cancelledJobs;
    @Inject
    CacheAndLockAnswers answerer;
    @Inject
    WorkerConfig config;
    @Inject
    WorkerMetrics metrics;
    @Inject
    WorkerDatabases databases;
    @Inject
    SolverSlots slots;
    @Inject
    InFlightPlaces places;

    private TestJobs jobs;
    private KafkaTopicsClient topics;

    @BeforeEach
    void setUp() {
        TestInfrastructure.shared().redis().flushAll();
        jobs = new TestJobs(redis, json);
        topics = new KafkaTopicsClient(json);
    }

    @AfterEach
    void tearDown() {
        topics.close();
    }

    @Test
    void solvesARequestFromKafkaAndPublishesALegalOptimalAnswer() throws Exception {
        SolveRequest request = jobs.create("2 3 4 1 5 x 7 6 8");
        topics.send(request);

        SolveOutcome outcome = outcomeOf(request);
        assertEquals(JobStatus.DONE, outcome.status());
        assertEquals("test-worker", outcome.worker());
        assertTrue(outcome.result().optimal());
        assertFalse(outcome.result().cached());
        assertEquals(19, outcome.result().length());
        Board start = Board.of(Shape.of(3, 3), 2, 3, 4, 1, 5, 0, 7, 6, 8);
        assertEquals(Board.solved(start.shape()), start.apply(outcome.result().moves()));
        assertNotNull(redis.value(String.class).get(RedisKeys.solution(request.key())), "the answer is cached");
        assertNotNull(redis.hash(String.class).hget(RedisKeys.job(request.jobId()), RedisKeys.STARTED_FIELD),
                "the job was marked running");
    }

    @Test
    void aClientWithOtherQuickJobsStartedHereSearchesOnTheQuickSearchThreadsAndOneWithItsJobAloneOnItsOwnThread() {
        SolveRequest flood = jobs.create(KORF_1, 4, 4, null, Mode.OPTIMAL).ownedBy("flood");
        SolveRequest quiet = jobs.create(KORF_1, 4, 4, null, Mode.OPTIMAL).ownedBy("quiet");
        String caller = Thread.currentThread().getName();
        try (InFlightPlaces.Place job = places.enter(flood); InFlightPlaces.Place other = places.enter(flood)) {
            Set<String> threads = searchThreads("flood");
            assertTrue(threads.stream().anyMatch(name -> name.startsWith("npuzzle-quick-search")), threads.toString());
            assertFalse(threads.contains(caller), threads.toString());
        }
        try (InFlightPlaces.Place job = places.enter(quiet)) {
            Set<String> threads = searchThreads("quiet");
            assertTrue(threads.contains(caller), threads.toString());
            assertTrue(threads.stream().noneMatch(name -> name.startsWith("npuzzle-quick-search")), threads.toString());
        }
    }

    /** The threads that asked whether the owner's optimal search of Korf's first 15-puzzle was cancelled. */
    private Set<String> searchThreads(String owner) {
        Set<String> names = ConcurrentHashMap.newKeySet();
        slots.solve(Puzzle.parse(KORF_1, 4, 4, null), new Quality(Mode.OPTIMAL, null), new Asker(owner, () -> {
            names.add(Thread.currentThread().getName());
            return false;
        }, ProgressListener.NONE));
        return names;
    }

    @Test
    void identicalBoardsInFlightTogetherAreSolvedOnce() throws Exception {
        List<SolveRequest> requests = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            requests.add(jobs.create(THIRTY_ONE_MOVES, 4, 4, null, Mode.OPTIMAL));
        }
        for (SolveRequest request : requests) {
            topics.send(request);
        }
        List<String> ids = requests.stream().map(SolveRequest::jobId).toList();
        List<SolveOutcome> outcomes = topics.awaitOutcomes(KafkaTopicsClient.containsAll(ids), TIMEOUT).stream()
                .filter(o -> ids.contains(o.jobId())).toList();

        assertEquals(12, outcomes.size());
        assertEquals(1, outcomes.stream().filter(o -> !o.result().cached()).count(), "exactly one solve");
        assertEquals(1, outcomes.stream().map(o -> o.result().moves()).distinct().count());
        assertEquals(31, outcomes.get(0).result().length());
    }

    @Test
    void aRedeliveredRequestGetsTheSameAnswerAndAFinishedJobIsSkipped() {
        SolveRequest request = jobs.create(TWO_MOVES, 4, 4, null, Mode.OPTIMAL);
        SolveOutcome first = outcomeOfHandling(request);
        SolveOutcome again = outcomeOfHandling(request);
        assertEquals(first.result().moves(), again.result().moves());
        assertTrue(again.result().cached(), "the redelivery is answered from the cache, not solved again");

        redis.execute("EVAL", JobScripts.FINISH, "2", RedisKeys.job(request.jobId()), RedisKeys.OPEN_JOBS, json.write(first),
                RedisKeys.FINISHED_CHANNEL, request.jobId());
        assertTrue(flow.handle(request).toPublish().isEmpty(), "a job with an outcome is not handled again");
    }

    @Test
    void anUnsolvableBoardIsDoneNotFailed() {
        SolveOutcome outcome = outcomeOfHandling(jobs.create("2 1 3 4 5 6 7 8 0"));
        assertEquals(JobStatus.DONE, outcome.status());
        assertFalse(outcome.result().solvable());
        assertNull(outcome.result().moves());
        assertNull(outcome.result().length());
    }

    @Test
    void customGoalsAndNonSquareBoardsAreSolvedOptimally() {
        String goal = "0 1 2 3 4 5 6 7";
        SolveRequest request = jobs.create("7 6 5 4 3 2 1 0", 2, 4, goal, Mode.OPTIMAL);
        SolveOutcome outcome = outcomeOfHandling(request);
        assertEquals(28, outcome.result().length());
        Puzzle puzzle = Puzzle.parse(request.board(), 2, 4, goal);
        assertEquals(puzzle.goal(), puzzle.start().apply(outcome.result().moves()));
    }

    @Test
    void anOptimalSolveOverBudgetEndsDoneWithItsBestAnswerAndTheBoundItIsProvenWithin() {
        Puzzle puzzle = Puzzle.parse(HARD_6X6, 6, 6, null);
        SolveOutcome outcome = outcomeOfHandling(jobs.create(HARD_6X6, 6, 6, null, Mode.OPTIMAL));
        assertEquals(JobStatus.DONE, outcome.status());
        JobResult result = outcome.result();
        assertEquals(puzzle.goal(), puzzle.start().apply(result.moves()));
        assertFalse(result.optimal());
        assertTrue(result.lowerBound() != null && result.lowerBound() <= result.length(), result.toString());
        assertEquals((double) result.length() / result.lowerBound(), result.bound(), 1e-9);
        SolveOutcome again = outcomeOfHandling(jobs.create(HARD_6X6, 6, 6, null, Mode.OPTIMAL));
        assertFalse(again.result().cached(), "an answer not proven optimal never serves an optimal request");
    }

    @Test
    void aBoundedSolveOverBudgetFailsWithTheReasonAndItsBestAnswer() {
        SolveOutcome outcome = outcomeOfHandling(jobs.create(HARD_6X6, 6, 6, null, Mode.BOUNDED));
        assertEquals(JobStatus.FAILED, outcome.status());
        assertTrue(outcome.error().is(ProblemType.BUDGET_EXCEEDED), outcome.error().type());
        assertTrue(outcome.error().detail().contains("200000 nodes"), outcome.error().detail());
        assertTrue(outcome.error().detail().contains("the best answer found"), outcome.error().detail());
    }

    @Test
    void aFastAnswerNeverServesAnOptimalRequest() {
        SolveRequest fast = jobs.create(TWO_MOVES, 4, 4, null, Mode.FAST);
        String key = fast.key();
        redis.value(String.class).set(RedisKeys.solution(key),
                json.write(new CachedSolution(true, "rrllrr", false, 1.0, 10)));

        assertTrue(outcomeOfHandling(fast).result().cached(), "a fast request takes the cached fast answer");
        SolveOutcome optimal = outcomeOfHandling(jobs.create(TWO_MOVES, 4, 4, null, Mode.OPTIMAL));
        assertFalse(optimal.result().cached(), "an optimal request does not");
        assertEquals("rr", optimal.result().moves());
    }

    @Test
    void aPuzzleThatAnotherWorkerIsSolvingIsAnsweredFromItsSolution() throws Exception {
        SolveRequest request = jobs.create("1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15", 4, 4, null, Mode.OPTIMAL);
        redis.value(String.class).set(RedisKeys.solving(request.key(), Quality.OPTIMAL), "other-worker");

        CompletableFuture<SolveOutcome> outcome = CompletableFuture.supplyAsync(() -> outcomeOfHandling(request));
        Awaitility.await().atMost(TIMEOUT).until(() ->
                redis.hash(String.class).hget(RedisKeys.job(request.jobId()), RedisKeys.STARTED_FIELD) != null);
        // The other worker's answer (deliberately not the shortest, so it can be told apart) lands in the cache.
        redis.value(String.class).set(RedisKeys.solution(request.key()),
                json.write(new CachedSolution(true, "rlr", true, 1.0, 10)));

        SolveOutcome answered = outcome.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        assertEquals("rlr", answered.result().moves(), "waited for the lock holder instead of solving again");
        assertTrue(answered.result().cached());
    }

    @Test
    void poisonRecordsGoToTheDeadLetterTopicWithTheirReasonAndConsumptionGoesOn() throws Exception {
        String invalidBoard = json.write(new SolveRequest(JobIds.next(), "k", "1 1 2 3 4 5 6 7 0", 3, 3,
                "1 2 3 4 5 6 7 8 0", Mode.OPTIMAL, Instant.now()));
        Map<String, String> reasonOfRecord = Map.of(
                "{not json", "not JSON",
                "[\"a list\"]", "not a solve request",
                "{\"board\": \"1 2 3 4 5 6 7 0 8\"}", "not a solve request: no well-formed jobId",
                invalidBoard, "invalid board: duplicate tile 1");
        for (String record : reasonOfRecord.keySet()) {
            topics.sendRaw("poison", record);
        }
        SolveRequest request = jobs.create("1 2 3 4 5 6 7 0 8");
        topics.send(request);
        assertEquals("r", outcomeOf(request).result().moves(), "the worker kept consuming");

        Map<String, String> reasonOfDeadLetter = new HashMap<>();
        for (ConsumerRecord<String, String> dead : KafkaTopicsClient.deadLetters(reasonOfRecord.size(), TIMEOUT)) {
            Header reason = dead.headers().lastHeader("dead-letter-reason");
            reasonOfDeadLetter.put(dead.value(), new String(reason.value(), StandardCharsets.UTF_8));
        }
        assertEquals(reasonOfRecord.keySet(), reasonOfDeadLetter.keySet(), "every poison record, as it was sent");
        reasonOfRecord.forEach((record, reason) -> assertTrue(reasonOfDeadLetter.get(record).startsWith(reason),
                reasonOfDeadLetter.get(record)));
    }

    @Test
    void heavyRequestsAreSolvedThroughTheShareGroupAndAPoisonOneReachesTheDeadLetterTopicWithItsReason()
            throws Exception {
        String poison = "{heavy, not json " + JobIds.next();
        topics.sendRaw(Topics.HEAVY_REQUESTS, "poison", poison);
        SolveRequest request = jobs.create("1 2 3 4 5 6 7 0 8");
        topics.sendRaw(Topics.HEAVY_REQUESTS, request.key(), json.write(request));

        assertEquals("r", outcomeOf(request).result().moves(), "the heavy lane kept consuming");
        Awaitility.await("the poison record on the dead-letter topic").atMost(TIMEOUT).until(() ->
                KafkaTopicsClient.deadLetters(Integer.MAX_VALUE, Duration.ofSeconds(1)).stream()
                        .filter(dead -> dead.value().equals(poison))
                        .anyMatch(dead -> new String(dead.headers().lastHeader("dead-letter-reason").value(),
                                StandardCharsets.UTF_8).startsWith("not JSON")
                                && new String(dead.headers().lastHeader("dead-letter-topic").value(),
                                StandardCharsets.UTF_8).equals(Topics.HEAVY_REQUESTS)));
    }

    @Test
    void aSolveThatThrowsIsTriedThreeTimesThenTheJobFailsAndItsOffsetIsCommitted() throws Exception {
        ThrowingSolver throwing = new ThrowingSolver(config, metrics, splitSearches, databases);
        QuarkusMock.installMockForType(throwing, SolverSlots.class);
        SolveRequest request = jobs.create("1 2 3 4 5 6 0 7 8");
        RecordMetadata sent = topics.send(request);

        SolveOutcome outcome = outcomeOf(request);
        assertEquals(JobStatus.FAILED, outcome.status());
        assertTrue(outcome.error().is(ProblemType.SOLVER_ERROR), outcome.error().type());
        assertTrue(outcome.error().detail().contains("3 times"), outcome.error().detail());
        assertEquals(3, throwing.calls.get());
        TopicPartition partition = new TopicPartition(sent.topic(), sent.partition());
        try (Admin admin = TestInfrastructure.shared().kafka().admin()) {
            Awaitility.await("the failed job's offset is committed").atMost(TIMEOUT).until(() -> {
                OffsetAndMetadata committed = admin.listConsumerGroupOffsets(Topics.WORKER_GROUP)
                        .partitionsToOffsetAndMetadata().get(10, TimeUnit.SECONDS).get(partition);
                return committed != null && committed.offset() > sent.offset();
            });
        }
    }

    @Test
    void aSolveThatThrowsAnErrorEndsItsJobFailedAndTheNextJobIsSolved() throws Exception {
        ThrowingSolver throwing = new ThrowingSolver(config, metrics, splitSearches, databases, "1 2 3 4 5 6 0 7 8",
                new StackOverflowError("on purpose"));
        QuarkusMock.installMockForType(throwing, SolverSlots.class);
        SolveRequest broken = jobs.create("1 2 3 4 5 6 0 7 8");
        SolveRequest next = jobs.create("1 2 3 4 5 6 7 0 8");
        topics.send(broken);
        topics.send(next);

        SolveOutcome failed = outcomeOf(broken);
        assertEquals(JobStatus.FAILED, failed.status());
        assertTrue(failed.error().is(ProblemType.SOLVER_ERROR), failed.error().type());
        assertTrue(failed.error().detail().contains("StackOverflowError"), failed.error().detail());
        assertEquals(JobStatus.DONE, outcomeOf(next).status(), "the consumer lived on");
        assertEquals("r", outcomeOf(next).result().moves());
    }

    @Test
    void aJobDeliveredMoreOftenThanAllowedEndsFailedInsteadOfBeingSolvedAgain() {
        SolveRequest request = jobs.create("1 2 3 4 5 6 0 7 8");
        // Each delivery whose worker died before the outcome was recorded leaves the job unfinished.
        for (int delivery = 1; delivery <= config.maxDeliveries(); delivery++) {
            assertEquals(JobStatus.DONE, outcomeOfHandling(request).status(), "delivery " + delivery);
        }
        SolveOutcome abandoned = outcomeOfHandling(request);
        assertEquals(JobStatus.FAILED, abandoned.status());
        assertTrue(abandoned.error().is(ProblemType.DELIVERIES_EXHAUSTED), abandoned.error().type());
        assertTrue(abandoned.error().detail().contains(config.maxDeliveries() + " times"), abandoned.error().detail());
    }

    /**
     * A solver that throws on one board (on every board when none is named), counting its calls, and solves the
     * others; not a bean of its own, only installed as a mock.
     */
    @Vetoed
    static final class ThrowingSolver extends SolverSlots {

        final AtomicInteger calls = new AtomicInteger();
        private final String board;
        private final Throwable failure;

        ThrowingSolver(WorkerConfig config, WorkerMetrics metrics, SplitSearches splitSearches,
                       WorkerDatabases databases) {
            this(config, metrics, splitSearches, databases, null, new IllegalStateException("broken on purpose"));
        }

        ThrowingSolver(WorkerConfig config, WorkerMetrics metrics, SplitSearches splitSearches,
                       WorkerDatabases databases, String board, Throwable failure) {
            super(config, metrics, splitSearches, databases, new SearchThreads(config.search().concurrency()),
                    new InFlightPlaces(config.inFlight()));
            this.board = board;
            this.failure = failure;
        }

        @Override
        public SolveResult solve(Puzzle puzzle, Quality quality, Asker asker) {
            if (board != null && !puzzle.start().equals(Puzzle.parse(board, 3, 3, null).start())) {
                return super.solve(puzzle, quality, asker);
            }
            calls.incrementAndGet();
            if (failure instanceof Error error) {
                throw error;
            }
            throw (RuntimeException) failure;
        }
    }

    @Test
    void aCancelledJobIsSkippedAndACancelledSearchStops() {
        SolveRequest request = jobs.create("1 2 3 4 5 6 7 0 8");
        redis.execute("EVAL", JobScripts.CANCEL, "2", RedisKeys.job(request.jobId()), RedisKeys.OPEN_JOBS,
                json.write(SolveOutcome.cancelled(request.jobId(), "api")), RedisKeys.FINISHED_CHANNEL,
                RedisKeys.CANCELLED_CHANNEL, request.jobId());
        assertEquals(Optional.empty(), flow.handle(request).toPublish(), "a cancelled job is not solved");
        Awaitility.await().atMost(TIMEOUT).until(() -> cancelledJobs.isCancelled(request.jobId()));

        Puzzle hard = Puzzle.parse(HARD_6X6, 6, 6, null);
        Answer stopped = answerer.answer(hard.canonicalKey(), hard, Quality.OPTIMAL, Asker.anonymous(() -> true));
        assertInstanceOf(Answer.Cancelled.class, stopped, "the search stops at its first budget check");
    }

    /** The outcome of handling a request directly, without Kafka. */
    private SolveOutcome outcomeOfHandling(SolveRequest request) {
        return flow.handle(request).toPublish()
                .orElseThrow(() -> new AssertionError("no outcome for job " + request.jobId()));
    }

    private SolveOutcome outcomeOf(SolveRequest request) {
        return topics.awaitOutcomes(KafkaTopicsClient.containsAll(List.of(request.jobId())), TIMEOUT).stream()
                .filter(o -> o.jobId().equals(request.jobId())).findFirst()
                .orElseThrow(() -> new AssertionError("no outcome for job " + request.jobId()));
    }
}
