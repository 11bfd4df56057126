package io.npuzzle.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.npuzzle.core.board.Board;
import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.board.Shape;
import io.npuzzle.protocol.ProblemType;
import io.npuzzle.testsupport.FreePorts;
import io.npuzzle.testsupport.JobsClient;
import io.npuzzle.testsupport.ServiceProcess;
import io.npuzzle.testsupport.TestInfrastructure;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Jobs with a deadline of their own through the packaged API and a worker, on the shared broker and Redis: a hard
 * 24-puzzle holds a quick answer within about a second and ends at its deadline DONE with its best answer and a
 * certificate of its quality; a hard job's first answer is readable within a second; an easy board is still proven
 * optimal; a bounded job keeps its promise.
 */
class AnytimeJobsIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    /** Korf's 24-puzzle instance 38 (bench/korf50-24.txt): 96 moves, far beyond a search without databases. */
    private static final String KORF_38 = "10 3 24 12 0 7 8 11 14 21 22 23 2 1 9 17 18 6 20 4 13 15 5 19 16";
    private static final int KORF_38_LENGTH = 96;
    private static final String BLANK_FIRST = Board.blankFirst(Shape.of(5, 5)).toString();
    private static final int MAX_SECONDS = 5;
    /** DeepCubeA's first 6x6 test state (bench/deepcubea/puzzle35.txt), 128 moves from the blank-last goal. */
    private static final String SIX_BY_SIX = "8 10 7 18 0 6 13 12 23 22 5 4 2 9 15 14 1 20 31 35 11 21 17 16 34 3 26 33"
            + " 19 24 27 29 25 28 32 30";
    /** When a hard job's first answer is readable at the latest, from its submission. */
    private static final double FIRST_ANSWER_SECONDS = 1.0;

    private static final List<ServiceProcess> services = new ArrayList<>();
    private static JobsClient api;

    @BeforeAll
    static void startServices() throws IOException {
        TestInfrastructure.shared().redis().flushAll();
        // A store of its own: whatever this machine has stored, the 24-puzzle is searched without databases.
        Path databases = Files.createTempDirectory(TestInfrastructure.WORK_DIR, "anytime-databases");
        int workerPort = FreePorts.next();
        int port = FreePorts.next();
        services.addAll(ServiceProcess.startTogether(List.of(
                () -> PackagedServices.startWorkerAsRun("it-anytime-worker", workerPort,
                        Map.of("npuzzle.worker.databases.directory", databases.toString())),
                () -> PackagedServices.startApi("it-anytime-api", port))));
        api = new JobsClient(port);
    }

    @AfterAll
    static void stopServices() {
        ServiceProcess.closeAll(services);
    }

    @Test
    void aHardJobShowsAQuickAnswerThenEndsAtItsDeadlineDoneWithTheBoundItIsProvenWithin() throws Exception {
        long submitted = System.nanoTime();
        String id = api.accepted(with(JobsClient.body(KORF_38, BLANK_FIRST, "optimal"), "maxSeconds", MAX_SECONDS))
                .get("id").asText();
        CompletableFuture<JobsClient.EventStream> events = CompletableFuture.supplyAsync(
                () -> api.events(id, null, 1_000));

        JsonNode first = Awaitility.await("a quick answer in the job's progress").atMost(Duration.ofSeconds(4))
                .pollInterval(Duration.ofMillis(100)).until(() -> JobsClient.read(api.get(id).body()),
                        job -> job.at("/progress/bestLength").isInt());
        assertTrue(first.at("/progress/bestLength").asInt() >= KORF_38_LENGTH, first.toString());

        JsonNode done = api.awaitDone(id, TIMEOUT);
        double seconds = (System.nanoTime() - submitted) / 1e9;
        assertTrue(seconds < MAX_SECONDS + 5, "ended after " + seconds + " s");
        JsonNode result = done.get("result");
        Puzzle puzzle = Puzzle.parse(KORF_38, 5, 5, BLANK_FIRST);
        assertEquals(puzzle.goal(), puzzle.start().apply(result.get("moves").asText()), "legal moves");
        assertFalse(result.get("optimal").asBoolean(), result.toString());
        int length = result.get("length").asInt();
        int lowerBound = result.get("lowerBound").asInt();
        assertTrue(lowerBound > 0 && lowerBound <= KORF_38_LENGTH, result.toString());
        assertTrue(result.get("bound").asDouble() >= (double) length / KORF_38_LENGTH - 1e-9, result.toString());
        assertEquals((double) length / lowerBound, result.get("bound").asDouble(), 1e-9);

        List<JobsClient.ServerSentEvent> stream = events.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS).events();
        assertTrue(stream.stream().anyMatch(event -> event.name().equals("progress")
                && event.job().at("/progress/bestLength").isInt()), "the stream carries the quick answer");
        assertEquals("DONE", stream.get(stream.size() - 1).job().get("status").asText());
    }

    /**
     * The first answer of a hard board, searched without databases (a 24-puzzle's comes from a reduction to exact
     * tables), is readable by GET and on the job's event stream within a second of its submission to a warm worker,
     * though the search runs on: it is asked for as the search starts and written as soon as it is found.
     */
    @ParameterizedTest
    @CsvSource({KORF_38 + ",5,true,optimal", SIX_BY_SIX + ",6,false,bounded"})
    void aHardJobsFirstAnswerIsReadableWithinASecondOfItsSubmission(String board, int side, boolean blankFirst,
                                                                    String mode) throws Exception {
        Shape shape = Shape.of(side, side);
        String goal = (blankFirst ? Board.blankFirst(shape) : Board.solved(shape)).toString();
        // A warm worker: a fast answer of the shape compiles the code the first answer runs.
        api.awaitDone(api.accepted(with(JobsClient.body(board, goal, "fast"), "maxSeconds", 1)).get("id").asText(),
                TIMEOUT);
        long submitted = System.nanoTime();
        String id = api.accepted(with(JobsClient.body(board, goal, mode), "maxSeconds", 20)).get("id").asText();
        CompletableFuture<Long> streamed = CompletableFuture.supplyAsync(() -> {
            api.events(id, null, events -> !events.isEmpty()
                    && events.get(events.size() - 1).job().at("/progress/bestLength").isInt());
            return System.nanoTime();
        });
        JsonNode first = Awaitility.await("an answer in the job's progress").atMost(Duration.ofSeconds(5))
                .pollInterval(Duration.ofMillis(20)).until(() -> JobsClient.read(api.get(id).body()),
                        job -> job.at("/progress/bestLength").isInt());
        double read = (System.nanoTime() - submitted) / 1e9;
        double heard = (streamed.get(5, TimeUnit.SECONDS) - submitted) / 1e9;
        api.cancel(id);
        assertEquals("RUNNING", first.get("status").asText(), first.toString());
        assertTrue(read < FIRST_ANSWER_SECONDS, "first answer read " + read + " s after submission: " + first);
        assertTrue(heard < FIRST_ANSWER_SECONDS, "first answer streamed " + heard + " s after submission");
    }

    @Test
    void anEasyBoardWithADeadlineIsStillProvenOptimal() {
        String board = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 0 23 24";
        JsonNode result = api.awaitDone(api.accepted(with(JobsClient.body(board, null, "optimal"), "maxSeconds",
                MAX_SECONDS)).get("id").asText(), TIMEOUT).get("result");
        assertTrue(result.get("optimal").asBoolean(), result.toString());
        assertEquals(2, result.get("length").asInt());
        assertEquals(2, result.get("lowerBound").asInt());
    }

    @Test
    void aBoundedJobPastItsDeadlineFailsOverBudgetNamingItsBestAnswer() {
        String body = with(with(JobsClient.body(KORF_38, BLANK_FIRST, "bounded"), "ratio", 1.02), "maxSeconds", 2);
        JsonNode failed = api.awaitFinished(api.accepted(body).get("id").asText(), TIMEOUT);
        assertEquals("FAILED", failed.get("status").asText(), failed.toString());
        assertEquals(ProblemType.BUDGET_EXCEEDED.urn(), failed.at("/error/type").asText());
        assertTrue(failed.at("/error/detail").asText().contains("the best answer found"), failed.toString());
    }

    @Test
    void aDeadlineBeyondItsLanesCapIsRefusedWithAProblem() {
        HttpResponse<String> refused = api.submit(with(JobsClient.body("1 2 3 4 5 6 7 0 8", null, null), "maxSeconds", 60));
        assertEquals(400, refused.statusCode());
        assertEquals(ProblemType.INVALID_MAX_SECONDS.urn(), JobsClient.read(refused.body()).get("type").asText());
    }

    /** The job body with one more field. */
    private static String with(String body, String field, Number value) {
        return body.substring(0, body.lastIndexOf('}')) + ",\"" + field + "\":" + value + "}";
    }
}
