package io.npuzzle.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.npuzzle.cli.DatabaseSettings;
import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.model.SolveResult;
import io.npuzzle.core.solve.Solver;
import io.npuzzle.protocol.ProblemType;
import io.npuzzle.testsupport.FreePorts;
import io.npuzzle.testsupport.JobsClient;
import io.npuzzle.testsupport.ServiceProcess;
import io.npuzzle.testsupport.TestInfrastructure;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Bounded-suboptimal jobs through the packaged API and worker, on the shared broker and Redis. */
class BoundedJobsIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(90);
    private static final double RATIO = 1.5;

    private static final List<ServiceProcess> services = new ArrayList<>();
    private static JobsClient api;

    @BeforeAll
    static void startServices() {
        TestInfrastructure.shared().redis().flushAll();
        int port = FreePorts.next();
        services.addAll(ServiceProcess.startTogether(List.of(
                () -> PackagedServices.startWorker("it-bounded-worker", "bounded-worker"),
                () -> PackagedServices.startApi("it-bounded-api", port))));
        api = new JobsClient(port);
    }

    @AfterAll
    static void stopServices() {
        ServiceProcess.closeAll(services);
    }

    @Test
    void aBoundedJobIsAnsweredWithinItsRatioOfTheShortestLengthAndSaysWhichBoundItGuarantees() {
        Random random = new Random(20261130);
        Solver solver = DatabaseSettings.solver();
        for (int i = 0; i < 3; i++) {
            String board = TestBoards.randomSolvable(3, 4, random);
            JsonNode queued = api.accepted(bounded(board, RATIO));
            assertEquals("bounded", queued.get("mode").asText());
            assertEquals(RATIO, queued.get("ratio").asDouble());

            JsonNode result = api.awaitDone(queued.get("id").asText(), TIMEOUT).get("result");
            Puzzle puzzle = Puzzle.parse(board, 3, 4, null);
            String moves = result.get("moves").asText();
            assertEquals(puzzle.goal(), puzzle.start().apply(moves), "a legal answer");
            SolveResult shortest = solver.solve(puzzle);
            assertTrue(shortest.optimal());
            assertTrue(moves.length() <= RATIO * shortest.length(),
                    moves.length() + " moves for a board whose shortest answer has " + shortest.length());
            assertEquals(RATIO, result.get("bound").asDouble());
            assertFalse(result.get("optimal").asBoolean(), "not proven shortest");
        }
    }

    @Test
    void aCachedBoundedAnswerServesLooserRatiosButNeitherTighterOnesNorOptimalRequests() {
        String board = TestBoards.randomSolvable(3, 4, new Random(7));
        api.awaitDone(api.accepted(bounded(board, 2.0)).get("id").asText(), TIMEOUT);

        JsonNode looser = api.accepted(bounded(board, 2.5));
        assertEquals("DONE", looser.get("status").asText(), "answered at once from the cache");
        assertEquals(2.0, looser.at("/result/bound").asDouble());

        JsonNode tighter = api.awaitDone(api.accepted(bounded(board, 1.2)).get("id").asText(), TIMEOUT);
        assertEquals(1.2, tighter.at("/result/bound").asDouble());
        assertFalse(tighter.at("/result/cached").asBoolean(), "searched again");

        JsonNode optimal = api.awaitDone(api.accepted(job(board, "\"mode\": \"optimal\"")).get("id").asText(),
                TIMEOUT);
        assertTrue(optimal.at("/result/optimal").asBoolean());
        assertEquals(1.0, optimal.at("/result/bound").asDouble());
    }

    @Test
    void aBatchTakesBoundedEntriesAndRefusesABadRatioOnItsOwn() {
        HttpResponse<String> reply = api.submitBatch("{\"jobs\": [" + bounded("1 2 3 4 5 6 7 0 8", 1.1) + ", "
                + bounded("1 2 3 4 5 6 7 0 8", 3.5) + "]}");
        assertEquals(202, reply.statusCode(), reply.body());
        JsonNode entries = JobsClient.read(reply.body()).get("jobs");
        assertEquals("bounded", entries.get(0).get("mode").asText());
        assertEquals(ProblemType.INVALID_RATIO.urn(), entries.get(1).get("type").asText());
    }

    private static String bounded(String board, double ratio) {
        return job(board, "\"mode\": \"bounded\", \"ratio\": " + ratio);
    }

    /** A job for a board of three rows, with more fields. */
    private static String job(String board, String fields) {
        return "{\"board\": \"" + board + "\", \"rows\": 3, \"cols\": " + (board.split(" ").length / 3) + ", "
                + fields + "}";
    }
}
