package io.npuzzle.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.npuzzle.core.board.Puzzle;
import io.npuzzle.testsupport.FreePorts;
import io.npuzzle.testsupport.JobsClient;
import io.npuzzle.testsupport.ServiceProcess;
import io.npuzzle.testsupport.TestInfrastructure;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two API instances and two workers, each a separate process from its packaged jar, on one broker and one Redis.
 */
class MultiInstanceIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    private static final int JOBS = 200;

    private static final List<ServiceProcess> services = new ArrayList<>();
    private static JobsClient apiA;
    private static JobsClient apiB;

    @BeforeAll
    static void startServices() {
        TestInfrastructure.shared().redis().flushAll();
        int portA = FreePorts.next();
        int portB = FreePorts.next();
        services.addAll(ServiceProcess.startTogether(List.of(
                () -> PackagedServices.startWorker("it-worker-a", "worker-a"),
                () -> PackagedServices.startWorker("it-worker-b", "worker-b"),
                () -> PackagedServices.startApi("it-api-a", portA),
                () -> PackagedServices.startApi("it-api-b", portB))));
        apiA = new JobsClient(portA);
        apiB = new JobsClient(portB);
        SolveResults.awaitWorkersSharingThePartitions(2, TIMEOUT);
    }

    @AfterAll
    static void stopServices() {
        ServiceProcess.closeAll(services);
    }

    @Test
    void aJobSubmittedToOneInstanceIsAnsweredByTheOther() {
        JsonNode queued = apiA.acceptedBoard("8 6 7 2 5 4 3 0 1");
        assertEquals("QUEUED", queued.get("status").asText());
        JsonNode done = apiB.awaitDone(queued.get("id").asText(), TIMEOUT);
        assertEquals(31, done.at("/result/length").asInt());
    }

    @Test
    void twoHundredJobsOverBothWorkersAllFinishOnceWithOneAnswerEach() {
        Random random = new Random(20240601);
        List<String> boards = new ArrayList<>();
        for (int i = 0; i < JOBS; i++) {
            // Every fifth board repeats an earlier one, so identical boards are in flight together too.
            boards.add(i % 5 == 4 ? boards.get(random.nextInt(i)) : TestBoards.random3x3(random));
        }
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < JOBS; i++) {
            ids.add((i % 2 == 0 ? apiA : apiB).acceptedBoard(boards.get(i)).get("id").asText());
        }
        assertEquals(JOBS, new HashSet<>(ids).size(), "every job has its own id");

        Map<String, String> answerOfBoard = new HashMap<>();
        for (int i = 0; i < JOBS; i++) {
            JsonNode done = (i % 2 == 0 ? apiB : apiA).awaitDone(ids.get(i), TIMEOUT);
            String moves = done.at("/result/moves").isNull() ? "unsolvable" : done.at("/result/moves").asText();
            Puzzle puzzle = Puzzle.parse(boards.get(i), 3, 3, null);
            if (!moves.equals("unsolvable")) {
                assertEquals(puzzle.goal(), puzzle.start().apply(moves));
            }
            String earlier = answerOfBoard.putIfAbsent(boards.get(i), moves);
            assertTrue(earlier == null || earlier.equals(moves), "one answer per board");
        }

        SolveResults results = SolveResults.of(ids);
        assertTrue(results.oneResultPerJob(), "no job has two different results");
        assertEquals(Set.of("worker-a", "worker-b"), results.workers(), "both workers took part");
    }
}
