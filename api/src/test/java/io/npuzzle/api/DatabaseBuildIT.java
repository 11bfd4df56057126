package io.npuzzle.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.npuzzle.core.board.Board;
import io.npuzzle.core.board.Shape;
import io.npuzzle.testsupport.FreePorts;
import io.npuzzle.testsupport.JobsClient;
import io.npuzzle.testsupport.ServiceProcess;
import io.npuzzle.testsupport.TestInfrastructure;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two packaged workers on a real broker and Redis, sharing an empty database directory as bin/run's do: they build
 * the databases in the background, one at a time between them, and a 24-puzzle job waits for those it reads
 * (RUNNING, its progress naming them) and then ends DONE optimal, while quick jobs are answered at once.
 */
class DatabaseBuildIT {

    /** Building the 5x5 databases takes minutes on two cores. */
    private static final Duration BUILD_TIMEOUT = Duration.ofMinutes(8);
    private static final Pattern BUILT = Pattern.compile("built pattern database (\\S+)");
    /** Korf's 24-puzzle instance 38, among the easiest of the 50 (bench/korf50-24.txt). */
    private static final String KORF_38 = "10 3 24 12 0 7 8 11 14 21 22 23 2 1 9 17 18 6 20 4 13 15 5 19 16";
    private static final int KORF_38_LENGTH = 96;
    private static final String BLANK_FIRST = Board.blankFirst(Shape.of(5, 5)).toString();

    @TempDir
    Path databases;
    private final List<ServiceProcess> workers = new ArrayList<>();
    private final List<ServiceProcess> services = new ArrayList<>();
    private final List<Integer> workerPorts = new ArrayList<>();
    private JobsClient client;

    @BeforeEach
    void startServicesOnAnEmptyStore() {
        TestInfrastructure.shared().redis().flushAll();
        for (int i = 0; i < 2; i++) {
            int port = FreePorts.next();
            Map<String, String> settings = new HashMap<>();
            settings.put(PackagedServices.MISSING_DATABASES, "build");
            settings.put("npuzzle.worker.databases.directory", databases.toString());
            workers.add(PackagedServices.startWorkerAsRun("databases-worker-" + i, port, settings,
                    PackagedServices.BUILDING_HEAP));
            workerPorts.add(port);
        }
        services.addAll(workers);
        int port = FreePorts.next();
        services.add(PackagedServices.startApi("databases-api", port));
        client = new JobsClient(port);
        SolveResults.awaitWorkersSharingThePartitions(workers.size(), Duration.ofSeconds(120));
    }

    @AfterEach
    void stopServices() {
        services.forEach(ServiceProcess::close);
    }

    @Test
    void aTwentyFourPuzzleWaitsForItsDatabasesThenIsSolvedOptimallyWhileQuickJobsAreAnsweredAtOnce() {
        // A first quick job warms up the path every job takes, so that the one timed below measures the build's cost.
        client.awaitDone(client.acceptedBoard("2 3 4 1 5 x 7 6 8").get("id").asText(), Duration.ofSeconds(30));
        String id = client.accepted(JobsClient.body(KORF_38, BLANK_FIRST, "optimal")).get("id").asText();
        JsonNode waiting = Awaitility.await("the job waits for its databases").atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(200)).until(() -> JobsClient.read(client.get(id).body()),
                        job -> job.at("/progress/databases/databases").asText().equals("5x5"));
        assertEquals("RUNNING", waiting.get("status").asText());
        assertTrue(waiting.at("/progress/databases/total").asInt() > 0, waiting.toString());

        long submitted = System.nanoTime();
        JsonNode quick = client.awaitDone(client.acceptedBoard("8 6 7 2 5 4 3 x 1").get("id").asText(),
                Duration.ofSeconds(5));
        long quickMillis = (System.nanoTime() - submitted) / 1_000_000;
        assertEquals(31, quick.at("/result/length").asInt());
        assertTrue(quickMillis < 1_000, "a 3x3 job during the build took " + quickMillis + " ms");

        JsonNode done = client.awaitDone(id, BUILD_TIMEOUT);
        assertTrue(done.at("/result/optimal").asBoolean(), done.toString());
        assertEquals(KORF_38_LENGTH, done.at("/result/length").asInt());
        assertNoDatabaseBuiltTwice();
        JsonNode health = JobsClient.read(PackagedServices.workerGet(workerPorts.get(0), "/q/health/ready").body());
        assertTrue(health.findValues("5x5 blank 0").stream().anyMatch(state -> state.asText().startsWith("ready")),
                "the health details say 5x5 is served: " + health);
    }

    /** Each database is built by one worker only: the other waits for it and loads it from the store. */
    private void assertNoDatabaseBuiltTwice() {
        Map<String, String> builtBy = new HashMap<>();
        for (ServiceProcess worker : workers) {
            Matcher built = BUILT.matcher(worker.output());
            while (built.find()) {
                String earlier = builtBy.put(built.group(1), worker.name());
                assertEquals(null, earlier, built.group(1) + " was built by " + earlier + " and " + worker.name());
            }
        }
        assertFalse(builtBy.isEmpty(), "no worker logged a build");
        assertTrue(builtBy.keySet().stream().anyMatch(key -> key.startsWith("5x5-")), builtBy.toString());
        try (var files = Files.list(databases)) {
            assertTrue(files.anyMatch(file -> file.getFileName().toString().startsWith("pdb-v2-5x5-")));
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
