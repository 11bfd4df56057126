package io.npuzzle.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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
 * Two packaged workers on a real broker and Redis, sharing an empty database directory as bin/run's do: a 3x8 job
 * waits for the databases it reads (RUNNING, its progress naming them) while one worker builds them for both, and
 * then ends DONE optimal, while quick jobs are answered at once. The workers' plan holds only 4x4, whose databases
 * they build before serving, so that the build the test waits for is the one the job asks for, not minutes of 5x5.
 */
class DatabaseBuildIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration BUILD_TIMEOUT = Duration.ofMinutes(2);
    private static final Pattern BUILT = Pattern.compile("built pattern database (\\S+)");
    /** A 3x8 board 80 random moves from the goal; {@code bin/npuzzle solve --rows 3 --cols 8} proves 56 shortest. */
    private static final String THREE_BY_EIGHT = "1 0 3 22 4 20 13 8 9 2 16 11 5 21 6 7 17 10 18 15 19 12 14 23";
    private static final int THREE_BY_EIGHT_LENGTH = 56;

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
            settings.put("npuzzle.worker.databases.plan", "4x4");
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
        ServiceProcess.closeAll(services);
    }

    @Test
    void aJobWaitsForItsDatabasesThenIsSolvedOptimallyWhileQuickJobsAreAnsweredAtOnce() {
        // A first quick job warms up the path every job takes, so that the one timed below measures the build's cost.
        client.awaitDone(client.acceptedBoard("2 3 4 1 5 x 7 6 8").get("id").asText(), Duration.ofSeconds(30));
        String id = client.accepted(JSON.createObjectNode().put("board", THREE_BY_EIGHT).put("rows", 3)
                .put("cols", 8).put("mode", "optimal").toString()).get("id").asText();
        JsonNode waiting = Awaitility.await("the job waits for its databases").atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(200)).until(() -> JobsClient.read(client.get(id).body()),
                        job -> job.at("/progress/databases/databases").asText().equals("3x8"));
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
        assertEquals(THREE_BY_EIGHT_LENGTH, done.at("/result/length").asInt());
        assertNoDatabaseBuiltTwice();
        List<JsonNode> health = workerPorts.stream()
                .map(port -> JobsClient.read(PackagedServices.workerGet(port, "/q/health/ready").body())).toList();
        assertTrue(health.stream().flatMap(details -> details.findValues("3x8 blank 23").stream())
                .anyMatch(state -> state.asText().startsWith("ready")),
                "the health details of the worker that ran the job say 3x8 is served: " + health);
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
        assertTrue(builtBy.keySet().stream().anyMatch(key -> key.startsWith("3x8-")), builtBy.toString());
        try (var files = Files.list(databases)) {
            assertTrue(files.anyMatch(file -> file.getFileName().toString().startsWith("pdb-v2-3x8-")));
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
