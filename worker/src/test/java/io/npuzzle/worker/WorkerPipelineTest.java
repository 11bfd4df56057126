package io.npuzzle.worker;

import io.npuzzle.core.board.Board;
import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.solve.Mode;
import io.npuzzle.protocol.JobScripts;
import io.npuzzle.protocol.JobStatus;
import io.npuzzle.protocol.RedisKeys;
import io.npuzzle.protocol.SolveOutcome;
import io.npuzzle.protocol.SolveRequest;
import io.npuzzle.testsupport.InfrastructureResource;
import io.npuzzle.testsupport.TestInfrastructure;
import io.quarkus.redis.datasource.RedisDataSource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

@QuarkusTest
@WithTestResource(InfrastructureResource.class)
class WorkerPipelineTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    /** Korf's first 15-puzzle instance (blank-first goal): far beyond the test budget of 200,000 nodes. */
    private static final String HARD_4X4 = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3";
    private static final String BLANK_FIRST_4X4 = "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15";

    @Inject
    RedisDataSource redis;
    @Inject
    Json json;
    @Inject
    JobProcessor processor;

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
        Board start = Board.of(new io.npuzzle.core.board.Shape(3, 3), 2, 3, 4, 1, 5, 0, 7, 6, 8);
        assertEquals(Board.solved(start.shape()), start.apply(outcome.result().moves()));
        assertNotNull(redis.value(String.class).get(RedisKeys.solution(request.key())), "the answer is cached");
        assertNotNull(redis.hash(String.class).hget(RedisKeys.job(request.jobId()), RedisKeys.STARTED_FIELD),
                "the job was marked running");
    }

    @Test
    void identicalBoardsInFlightTogetherAreSolvedOnce() throws Exception {
        List<SolveRequest> requests = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            requests.add(jobs.create("8 6 7 2 5 4 3 0 1"));
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
        SolveRequest request = jobs.create("1 2 3 4 5 6 0 7 8");
        SolveOutcome first = processor.process(request);
        SolveOutcome again = processor.process(request);
        assertEquals(first.result().moves(), again.result().moves());
        assertTrue(again.result().cached(), "the redelivery is answered from the cache, not solved again");

        redis.execute("EVAL", JobScripts.FINISH, "1", RedisKeys.job(request.jobId()), json.write(first),
                RedisKeys.FINISHED_CHANNEL, request.jobId());
        assertNull(processor.process(request), "a job with an outcome is not processed again");
    }

    @Test
    void anUnsolvableBoardIsDoneNotFailed() {
        SolveOutcome outcome = processor.process(jobs.create("2 1 3 4 5 6 7 8 0"));
        assertEquals(JobStatus.DONE, outcome.status());
        assertFalse(outcome.result().solvable());
        assertNull(outcome.result().moves());
        assertNull(outcome.result().length());
    }

    @Test
    void customGoalsAndNonSquareBoardsAreSolvedOptimally() {
        String goal = "0 1 2 3 4 5 6 7";
        SolveRequest request = jobs.create("7 6 5 4 3 2 1 0", 2, 4, goal, Mode.OPTIMAL);
        SolveOutcome outcome = processor.process(request);
        assertEquals(28, outcome.result().length());
        Puzzle puzzle = Puzzle.parse(request.board(), 2, 4, goal);
        assertEquals(puzzle.goal(), puzzle.start().apply(outcome.result().moves()));
    }

    @Test
    void aSolveOverBudgetFailsWithTheReason() {
        SolveOutcome outcome = processor.process(jobs.create(HARD_4X4, 4, 4, BLANK_FIRST_4X4, Mode.OPTIMAL));
        assertEquals(JobStatus.FAILED, outcome.status());
        assertEquals("urn:npuzzle:problem:budget-exceeded", outcome.error().type());
        assertTrue(outcome.error().detail().contains("200000 nodes"), outcome.error().detail());
        assertNull(redis.value(String.class).get(RedisKeys.solution(
                Puzzle.parse(HARD_4X4, 4, 4, BLANK_FIRST_4X4).canonicalKey())), "failures are not cached");
    }

    @Test
    void aFastAnswerNeverServesAnOptimalRequest() {
        SolveRequest fast = jobs.create("1 2 3 4 5 6 0 7 8", 3, 3, null, Mode.FAST);
        String key = fast.key();
        redis.value(String.class).set(RedisKeys.solution(key),
                json.write(new io.npuzzle.protocol.CachedSolution(true, "rrllrr", false, 1.0, 10)));

        assertTrue(processor.process(fast).result().cached(), "a fast request takes the cached fast answer");
        SolveOutcome optimal = processor.process(jobs.create("1 2 3 4 5 6 0 7 8"));
        assertFalse(optimal.result().cached(), "an optimal request does not");
        assertEquals("rr", optimal.result().moves());
    }

    @Test
    void aRecordThatIsNotARequestIsSkippedAndConsumptionGoesOn() throws Exception {
        topics.sendRaw("junk", "{not json");
        SolveRequest request = jobs.create("1 2 3 4 5 6 7 0 8");
        topics.send(request);
        assertEquals("r", outcomeOf(request).result().moves());
    }

    private SolveOutcome outcomeOf(SolveRequest request) {
        return topics.awaitOutcomes(KafkaTopicsClient.containsAll(List.of(request.jobId())), TIMEOUT).stream()
                .filter(o -> o.jobId().equals(request.jobId())).findFirst()
                .orElseThrow(() -> new AssertionError("no outcome for job " + request.jobId()));
    }
}
