package io.npuzzle.api.faults;

import com.fasterxml.jackson.databind.JsonNode;
import io.npuzzle.api.PackagedServices;
import io.npuzzle.api.SolveResults;
import io.npuzzle.api.TestBoards;
import io.npuzzle.protocol.ProblemType;
import io.npuzzle.testsupport.FreePorts;
import io.npuzzle.testsupport.JobsClient;
import io.npuzzle.testsupport.ServiceProcess;
import io.npuzzle.testsupport.TestInfrastructure;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Heavy optimal searches (6x6 to 8x8 boards, beyond the pattern databases and far beyond any budget) on one worker with the heap {@code bin/run}
 * gives it: two of them at once must not exhaust its memory, must not hold up quick jobs, and must end with a
 * budget problem; a cancelled one stops within a second; the worker stays live and ready throughout.
 */
class HeavyJobsIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(90);
    /** What "answered at once" means here, with margin for a busy test machine. */
    private static final Duration QUICK = Duration.ofSeconds(3);
    private static final Pattern CANCELLED_6X6 =
            Pattern.compile("npuzzle_solve_time_seconds_count\\{[^}]*outcome=\"CANCELLED\"[^}]*shape=\"6x6\"[^}]*} (\\S+)");

    private static final List<ServiceProcess> services = new ArrayList<>();
    private static ServiceProcess worker;
    private static int workerPort;
    private static JobsClient client;

    @BeforeAll
    static void startServices() throws IOException {
        TestInfrastructure.shared().redis().flushAll();
        workerPort = FreePorts.next();
        // Two heavy searches at once, each with its share of the 512 MiB heap; a shorter budget than the default,
        // so that the test ends sooner: the memory budget is what stops these searches. A store of its own, so that
        // the heap holds the same databases whatever this machine has stored.
        Path databases = Files.createTempDirectory(TestInfrastructure.WORK_DIR, "heavy-databases");
        int port = FreePorts.next();
        services.addAll(ServiceProcess.startTogether(List.of(
                () -> PackagedServices.startWorkerAsRun("heavy-worker", workerPort, Map.of(
                        "npuzzle.worker.heavy.concurrency", "2",
                        "npuzzle.worker.heavy.max-time", "PT15S",
                        "npuzzle.worker.databases.directory", databases.toString())),
                () -> PackagedServices.startApi("heavy-api", port))));
        worker = services.get(0);
        client = new JobsClient(port);
        SolveResults.awaitWorkersSharingThePartitions(1, TIMEOUT);
    }

    @AfterAll
    static void stopServices() {
        ServiceProcess.closeAll(services);
    }

    @Test
    void heavyJobsEndWithABudgetProblemWithoutHoldingUpQuickJobsOrExhaustingTheHeap() {
        Random random = new Random(20261130);
        List<String> heavy = new ArrayList<>();
        for (int size : new int[] {6, 7, 8, 6}) {
            heavy.add(submit(TestBoards.randomSolvable(size, size, random), size, "optimal").get("id").asText());
        }
        Awaitility.await("both heavy slots busy").atMost(TIMEOUT)
                .until(() -> heavy.stream().filter(id -> status(id).equals("RUNNING")).count() >= 2);

        List<String> boards3x3 = TestBoards.distinctSolvable3x3(3, random);
        for (int i = 0; i < 6; i++) {
            int size = i % 2 == 0 ? 3 : 4;
            String board = size == 3 ? boards3x3.get(i / 2) : TestBoards.scrambled(4, 4, 40, random);
            long submitted = System.nanoTime();
            String id = submit(board, size, "optimal").get("id").asText();
            JsonNode done = client.awaitDone(id, TIMEOUT);
            Duration took = Duration.ofNanos(System.nanoTime() - submitted);
            assertTrue(took.compareTo(QUICK) < 0, size + "x" + size + " job took " + took + " beside heavy searches");
            assertTrue(done.at("/result/optimal").asBoolean());
            assertEquals(200, health("live"), "a busy worker is live");
            assertEquals(200, health("ready"), "a busy worker is ready");
        }

        for (String id : heavy) {
            JsonNode job = client.awaitFinished(id, TIMEOUT);
            String status = job.get("status").asText();
            assertTrue(status.equals("DONE") || status.equals("FAILED"), job.toString());
            if (status.equals("FAILED")) {
                assertEquals(ProblemType.BUDGET_EXCEEDED.urn(), job.at("/error/type").asText(), job.toString());
                assertTrue(job.at("/error/detail").asText().contains("its memory budget ran out"),
                        "the memory budget, not the time, stopped it: " + job);
            }
        }
        assertTrue(worker.isAlive(), "the worker survived");
        assertFalse(worker.output().contains("OutOfMemoryError"), "no search exhausted the heap");
        assertEquals(200, health("ready"));
    }

    @Test
    void cancellingARunningHeavyJobStopsItsSearchWithinASecond() {
        double cancelledBefore = cancelledSearches();
        String id = submit(TestBoards.randomSolvable(6, 6, new Random(7)), 6, "optimal").get("id").asText();
        Awaitility.await("the search runs").atMost(TIMEOUT).until(() -> status(id).equals("RUNNING"));

        assertEquals(200, client.cancel(id).statusCode());
        Awaitility.await("the search stopped").atMost(Duration.ofSeconds(1)).pollInterval(Duration.ofMillis(50))
                .until(() -> cancelledSearches() > cancelledBefore);
        assertEquals("CANCELLED", client.awaitFinished(id, TIMEOUT).get("status").asText());
    }

    private static JsonNode submit(String board, int size, String mode) {
        return client.accepted("{\"board\": \"" + board + "\", \"rows\": " + size + ", \"cols\": " + size
                + ", \"mode\": \"" + mode + "\"}");
    }

    private static String status(String id) {
        return JobsClient.read(client.get(id).body()).get("status").asText();
    }

    private static int health(String check) {
        return PackagedServices.workerGet(workerPort, "/q/health/" + check).statusCode();
    }

    /** Searches of 6x6 boards that the worker ended because their job was cancelled. */
    private static double cancelledSearches() {
        Matcher count = CANCELLED_6X6.matcher(PackagedServices.workerGet(workerPort, "/q/metrics").body());
        return count.find() ? Double.parseDouble(count.group(1)) : 0;
    }

}
