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
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A job that crashes every worker that takes it: here a worker misconfigured with a search memory far beyond its
 * heap, so that a 6x6 search really runs out of memory and the JVM exits (-XX:+ExitOnOutOfMemoryError, as
 * bin/run and the images start it). Restarted like an orchestrator would, the workers take the job again until
 * its deliveries run out; then it ends FAILED instead of crashing them forever, and work goes on.
 */
class CrashLoopIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(90);
    private static final int MAX_DELIVERIES = 2;
    private static final Map<String, String> CRASHING = Map.of(
            "npuzzle.worker.solve.max-memory", "8G",
            "npuzzle.worker.max-deliveries", Integer.toString(MAX_DELIVERIES));

    private static final List<ServiceProcess> services = new ArrayList<>();
    private static JobsClient client;

    @BeforeAll
    static void startApi() {
        TestInfrastructure.shared().redis().flushAll();
        int port = FreePorts.next();
        services.add(PackagedServices.startApi("crash-api", port));
        client = new JobsClient(port);
    }

    @AfterAll
    static void stopServices() {
        ServiceProcess.closeAll(services);
    }

    @Test
    void aJobThatCrashesEveryWorkerEndsFailedAfterItsDeliveriesRunOut() {
        String id = client.accepted("{\"board\": \"" + TestBoards.randomSolvable(6, 6, new Random(3))
                + "\", \"rows\": 6, \"cols\": 6}").get("id").asText();
        for (int delivery = 1; delivery <= MAX_DELIVERIES; delivery++) {
            ServiceProcess worker = startWorker("crash-worker-" + delivery);
            OptionalInt exit = worker.awaitExit(TIMEOUT);
            assertTrue(exit.isPresent(), "delivery " + delivery + " crashed the worker");
            assertTrue(worker.output().contains("OutOfMemoryError"), "it ran out of memory: " + worker.output());
            assertEquals("RUNNING", JobsClient.read(client.get(id).body()).get("status").asText());
        }

        ServiceProcess survivor = startWorker("crash-worker-last");
        JsonNode abandoned = client.awaitFinished(id, TIMEOUT);
        assertEquals("FAILED", abandoned.get("status").asText(), abandoned.toString());
        assertEquals(ProblemType.DELIVERIES_EXHAUSTED.urn(), abandoned.at("/error/type").asText());
        assertEquals("r", client.awaitDone(client.acceptedBoard("1 2 3 4 5 6 7 0 8").get("id").asText(), TIMEOUT)
                .at("/result/moves").asText(), "the next job is solved");
        assertTrue(survivor.isAlive());
    }

    private static ServiceProcess startWorker(String name) {
        ServiceProcess worker = PackagedServices.startWorkerAsRun(name, FreePorts.next(), CRASHING);
        services.add(worker);
        return worker;
    }
}
