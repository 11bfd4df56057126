package io.npuzzle.worker.search;

import io.micrometer.core.instrument.MeterRegistry;
import io.npuzzle.core.board.Board;
import io.npuzzle.core.board.Shape;
import io.npuzzle.core.model.Mode;
import io.npuzzle.protocol.JobStatus;
import io.npuzzle.protocol.Quality;
import io.npuzzle.protocol.SearchIds;
import io.npuzzle.protocol.SearchTask;
import io.npuzzle.protocol.SearchTaskResult;
import io.npuzzle.protocol.SolveOutcome;
import io.npuzzle.protocol.SolveRequest;
import io.npuzzle.protocol.Topics;
import io.npuzzle.runtime.json.JsonCodec;
import io.npuzzle.testsupport.InfrastructureResource;
import io.npuzzle.testsupport.TestInfrastructure;
import io.npuzzle.worker.messaging.KafkaTopicsClient;
import io.npuzzle.worker.messaging.TestJobs;
import io.quarkus.redis.datasource.RedisDataSource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One worker, real Kafka and Redis, searches split after 50 ms: the worker coordinates a long optimal search and
 * takes its tasks itself, and refuses task records it cannot take without stopping.
 */
@QuarkusTest
@TestProfile(SplitSearchTest.SplitEarly.class)
@WithTestResource(InfrastructureResource.class)
class SplitSearchTest {

    /** Korf's instance 60: 66 moves, about 7 M nodes with the 6-6-3 databases, over a second on one thread. */
    private static final String KORF_60 = "11 14 13 1 2 3 12 4 15 7 9 5 10 6 8 0";
    private static final String BLANK_FIRST = "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15";
    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    public static class SplitEarly implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("npuzzle.worker.split-after", "50ms", "npuzzle.worker.search.tasks", "16");
        }
    }

    @Inject
    RedisDataSource redis;
    @Inject
    JsonCodec json;
    @Inject
    SplitSearchStore store;
    @Inject
    MeterRegistry meters;
    @Inject
    TaskRunner runner;
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
    void aLongOptimalSearchIsCutIntoTasksAndAnswersTheOptimalLength() throws Exception {
        double tasksBefore = tasksSearched();
        SolveRequest request = jobs.create(KORF_60, 4, 4, BLANK_FIRST, Mode.OPTIMAL);
        topics.send(request);

        SolveOutcome outcome = topics.awaitOutcomes(KafkaTopicsClient.containsAll(List.of(request.jobId())), TIMEOUT)
                .stream().filter(o -> o.jobId().equals(request.jobId())).findFirst().orElseThrow();
        assertEquals(JobStatus.DONE, outcome.status(), outcome.toString());
        assertEquals(66, outcome.result().length());
        assertTrue(outcome.result().optimal());
        Board start = Board.of(Shape.of(4, 4), 11, 14, 13, 1, 2, 3, 12, 4, 15, 7, 9, 5, 10, 6, 8, 0);
        assertEquals(Board.blankFirst(Shape.of(4, 4)), start.apply(outcome.result().moves()));
        assertTrue(tasksSearched() > tasksBefore, "the worker searched tasks of its own split search");
        assertTrue(store.searchOf(SearchIds.ofPuzzle(request.key(), Quality.OPTIMAL)).isEmpty(),
                "an ended search is forgotten");
    }

    @Test
    void taskRecordsNoWorkerCanTakeGoToTheirDeadLetterTopicWithTheReason() throws Exception {
        String searchId = SearchIds.random();
        store.begin(SearchIds.random(), searchId, new Iteration(50, 4, 16, 0, System.currentTimeMillis(), "elsewhere"),
                List.of());
        SearchTask stale = new SearchTask(searchId, KORF_60, 4, 4, BLANK_FIRST, 48, 0, List.of("uu"));
        topics.sendRaw(Topics.SEARCH_TASKS, "a", "not json");
        topics.sendRaw(Topics.SEARCH_TASKS, "b", json.write(stale));

        List<ConsumerRecord<String, String>> dead = KafkaTopicsClient.deadLetters(Topics.SEARCH_DEAD_LETTERS, 2,
                TIMEOUT);
        List<String> reasons = dead.stream().map(SplitSearchTest::reason).sorted().toList();
        assertEquals(2, reasons.size(), reasons.toString());
        assertEquals("not a search task", reasons.get(0));
        assertTrue(reasons.get(1).startsWith("stale task: bound 48, its search is at bound 50"), reasons.get(1));

        SolveRequest request = jobs.create("2 3 4 1 5 x 7 6 8");
        topics.send(request);
        assertEquals(JobStatus.DONE, topics.awaitOutcomes(KafkaTopicsClient.containsAll(List.of(request.jobId())),
                TIMEOUT).stream().filter(o -> o.jobId().equals(request.jobId())).findFirst().orElseThrow().status());
    }

    @Test
    void tasksAfterOneThatFoundASolutionAreSkippedAndThoseBeforeItSearched() {
        String searchId = SearchIds.random();
        store.begin(SearchIds.random(), searchId, new Iteration(66, 1, 4, 0, System.currentTimeMillis(), "elsewhere"),
                List.of());
        store.record(new SearchTaskResult(searchId, 66, 2, "u", null, 1, List.of(1L), List.of(), "elsewhere"));
        assertEquals(OptionalInt.of(2), store.current(searchId).orElseThrow().solvedTask());

        TaskVerdict after = runner.run(new SearchTask(searchId, KORF_60, 4, 4, BLANK_FIRST, 66, 3, List.of("l")));
        TaskVerdict before = runner.run(new SearchTask(searchId, KORF_60, 4, 4, BLANK_FIRST, 66, 1, List.of("u")));

        assertInstanceOf(TaskVerdict.Skipped.class, after);
        assertInstanceOf(TaskVerdict.Searched.class, before);
        store.begin(SearchIds.random(), searchId, new Iteration(68, 1, 4, 0, System.currentTimeMillis(), "elsewhere"),
                List.of());
        assertTrue(store.current(searchId).orElseThrow().solvedTask().isEmpty(), "a new iteration has no solution yet");
    }

    @Test
    void aTaskInHandLearnsWithinAPollThatAnEarlierTaskFoundASolution() {
        String searchId = SearchIds.random();
        store.begin(SearchIds.random(), searchId, new Iteration(66, 1, 4, 0, System.currentTimeMillis(), "elsewhere"),
                List.of());
        SolvedBefore third = new SolvedBefore(store, searchId, 3, OptionalInt.empty());
        SolvedBefore first = new SolvedBefore(store, searchId, 1, OptionalInt.empty());
        assertFalse(third.getAsBoolean());
        store.record(new SearchTaskResult(searchId, 66, 2, "u", null, 1, List.of(1L), List.of(), "elsewhere"));
        long started = System.nanoTime();
        while (!third.getAsBoolean()) {
            assertTrue(System.nanoTime() - started < TIMEOUT.toNanos(), "task 3 never heard of task 2's solution");
            Thread.onSpinWait();
        }
        assertTrue(System.nanoTime() - started < 2 * SolvedBefore.POLL.toNanos() + Duration.ofSeconds(1).toNanos());
        assertEquals(OptionalInt.of(2), third.solvedTask());
        assertFalse(first.getAsBoolean(), "a task before the solution's is still needed");
    }

    @Test
    void anIterationKeepsEachTasksRootsForWhoeverTakesTheSearchOver() {
        String searchId = SearchIds.random();
        List<List<String>> taskRoots = List.of(List.of("ulu"), List.of("lur", "uld", "ldr"));
        store.begin(SearchIds.random(), searchId, new Iteration(60, 3, 2, 0, System.currentTimeMillis(), "elsewhere"),
                taskRoots);
        assertEquals(taskRoots, store.taskRoots(searchId));
        assertEquals(60, store.current(searchId).orElseThrow().bound());
    }

    private double tasksSearched() {
        return meters.find("npuzzle.search.tasks").counters().stream().mapToDouble(c -> c.count()).sum();
    }

    private static String reason(ConsumerRecord<String, String> record) {
        return new String(record.headers().lastHeader("dead-letter-reason").value(), StandardCharsets.UTF_8);
    }
}
