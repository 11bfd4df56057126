package io.npuzzle.api.faults;

import io.npuzzle.testsupport.FreePorts;
import io.npuzzle.testsupport.JobsClient;
import io.npuzzle.testsupport.SteadyLoad;
import io.npuzzle.testsupport.TestInfrastructure;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * bin/run as a user runs it, on ports and a state directory of its own: a worker killed with SIGKILL, and then the
 * API, are started again while the rest runs on; every job accepted meanwhile ends DONE and new jobs are answered
 * after each restart; TERM then stops everything it started.
 */
class BinRunIT {

    private static final Duration START_TIMEOUT = Duration.ofMinutes(4);
    private static final Duration TIMEOUT = Duration.ofSeconds(90);

    private static Path runDir;
    private static Path output;
    private static Process binRun;
    private static JobsClient client;

    @BeforeAll
    static void startBinRun() throws IOException {
        runDir = TestInfrastructure.WORK_DIR.resolve("bin-run-" + System.nanoTime()).toAbsolutePath();
        Files.createDirectories(runDir);
        output = runDir.resolve("bin-run.out");
        // bin/run takes the ports after each one it is given: the broker's controller, the cache's Redis, the worker's.
        int port = FreePorts.block(2);
        ProcessBuilder builder = new ProcessBuilder("bash", Path.of("..", "bin", "run").toString(),
                "--port", Integer.toString(port))
                .redirectErrorStream(true).redirectOutput(output.toFile());
        builder.environment().put("NPUZZLE_RUN_DIR", runDir.toString());
        builder.environment().put("NPUZZLE_KAFKA_PORT", Integer.toString(FreePorts.block(2)));
        builder.environment().put("NPUZZLE_REDIS_PORT", Integer.toString(FreePorts.block(2)));
        // Supervision is under test here, not the databases: no background build takes the CPUs.
        builder.environment().put("NPUZZLE_WORKER_DATABASES_MISSING", "skip");
        binRun = builder.start();
        Awaitility.await("bin/run started (output: " + output + ")").atMost(START_TIMEOUT)
                .pollInterval(Duration.ofMillis(500))
                .until(() -> {
                    assertTrue(binRun.isAlive(), () -> "bin/run stopped while starting: " + read(output));
                    return read(output).contains("npuzzle is running");
                });
        client = new JobsClient(port);
    }

    /** TERM, so that bin/run stops what it started (the broker and Redis run out of its process group). */
    @AfterAll
    static void stopBinRun() throws InterruptedException {
        if (binRun != null && binRun.isAlive()) {
            binRun.destroy();
            if (!binRun.waitFor(TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                binRun.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
            }
        }
    }

    @Test
    void aWorkerAndThenTheApiKilledUnderBinRunAreStartedAgainAndEveryAcceptedJobEndsDone() throws Exception {
        SteadyLoad load = new SteadyLoad(client, 20261207);
        try (load) {
            Awaitility.await("jobs accepted").atMost(TIMEOUT).until(() -> load.accepted().size() >= 100);
            kill("app-worker-1");
            awaitOutput("worker-1 restarted");
            int beforeApiKill = load.accepted().size();
            Awaitility.await("jobs accepted with the worker back").atMost(TIMEOUT)
                    .until(() -> load.accepted().size() >= beforeApiKill + 100);
        }
        kill("app-api");
        awaitOutput("api restarted");
        Awaitility.await("the API ready again").atMost(TIMEOUT).ignoreExceptions()
                .until(() -> client.readiness().statusCode() == 200);
        String fresh = client.acceptedBoard("8 6 7 2 5 4 3 x 1").get("id").asText();
        client.awaitDone(fresh, TIMEOUT);
        for (String id : load.accepted()) {
            client.awaitDone(id, TIMEOUT);
        }

        binRun.destroy();
        assertTrue(binRun.waitFor(TIMEOUT.toSeconds(), TimeUnit.SECONDS), "bin/run stops on TERM");
        assertTrue(read(output).contains("bin/run: stopped"), read(output));
        try (var pids = Files.list(runDir.resolve("pids"))) {
            assertFalse(pids.findAny().isPresent(), "every process it started is stopped and forgotten");
        }
    }

    /** Kills the process bin/run recorded under {@code name} with SIGKILL. */
    private static void kill(String name) throws IOException {
        long pid = Long.parseLong(Files.readString(runDir.resolve("pids").resolve(name)).split(" ")[0]);
        ProcessHandle.of(pid).orElseThrow(() -> new AssertionError(name + " is not running")).destroyForcibly();
    }

    private static void awaitOutput(String line) {
        Awaitility.await("bin/run says: " + line).atMost(TIMEOUT).pollInterval(Duration.ofMillis(200))
                .until(() -> read(output).contains(line));
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return "";
        }
    }
}
