package io.npuzzle.api.faults;

import com.fasterxml.jackson.databind.JsonNode;
import io.npuzzle.api.PackagedServices;
import io.npuzzle.api.TestBoards;
import io.npuzzle.protocol.ProblemType;
import io.npuzzle.testsupport.FreePorts;
import io.npuzzle.testsupport.JobsClient;
import io.npuzzle.testsupport.RedisServer;
import io.npuzzle.testsupport.ServiceProcess;
import io.npuzzle.testsupport.TestInfrastructure;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The job store as deployments run it: a Redis of its own with an append-only file (as bin/run's), a memory limit
 * and no eviction, the solution cache in another Redis. Jobs survive a restart of that Redis; near its limit new
 * jobs are refused with 503 problems while the jobs accepted already still finish.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class JobStoreIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    private static final String MAX_MEMORY = "16mb";
    /** About 76 % of the limit at once (a key of 1000 bytes takes 1146 in Redis 7), then 2 % a step. */
    private static final int FIRST_FILL = 10_000;
    private static final int FILL_STEP = 300;

    private static final List<ServiceProcess> services = new ArrayList<>();
    private static RedisServer jobStore;
    private static Map<String, String> stores;
    private static JobsClient client;

    @BeforeAll
    static void startServices() {
        jobStore = RedisServer.start(TestInfrastructure.WORK_DIR.resolve("job-store-" + System.nanoTime()),
                List.of("--appendonly", "yes", "--appendfsync", "everysec", "--maxmemory", MAX_MEMORY,
                        "--maxmemory-policy", "noeviction", "--enable-debug-command", "local"));
        stores = Map.of("quarkus.redis.hosts", jobStore.url(),
                "quarkus.redis.cache.hosts", TestInfrastructure.shared().redis().url());
        int port = FreePorts.next();
        services.add(PackagedServices.startApi("store-api", port, stores));
        client = new JobsClient(port);
    }

    @AfterAll
    static void stopServices() {
        ServiceProcess.closeAll(services);
        if (jobStore != null) {
            jobStore.close();
        }
    }

    @Test
    @Order(1)
    void jobsSurviveARestartOfTheirRedisWithItsAppendOnlyFile() {
        startWorker("store-worker-1");
        List<String> ids = submit(20, new Random(20261130));
        ids.forEach(id -> client.awaitDone(id, TIMEOUT));

        jobStore.terminate();
        jobStore.restart();

        Awaitility.await("ready again").atMost(TIMEOUT).until(() -> client.readiness().statusCode() == 200);
        for (String id : ids) {
            assertEquals("DONE", client.status(id), "job " + id + " kept across the restart");
        }
    }

    @Test
    @Order(2)
    void aNearlyFullStoreRefusesNewJobsWith503ProblemsAndTheAcceptedOnesStillFinish() {
        services.remove(services.size() - 1).close();
        // Accepted while no worker runs: they wait in Kafka, each stored QUEUED.
        List<String> accepted = submit(50, new Random(20261201));
        // Filled past the API's share (90 %) of the memory limit, but not to it: slowly near the end, as the API
        // looks at the store's memory once a second.
        assertEquals("+OK", jobStore.call("DEBUG POPULATE " + FIRST_FILL + " filler-0 1000"));
        int[] steps = {0};
        Awaitility.await("new jobs refused").atMost(TIMEOUT).pollInterval(Duration.ofMillis(1500)).until(() -> {
            jobStore.call("DEBUG POPULATE " + FILL_STEP + " filler-" + ++steps[0] + " 1000");
            return client.submitBoard(TestBoards.random3x3(new Random())).statusCode() == 503;
        });
        HttpResponse<String> refused = client.submitBoard("8 6 7 2 5 4 3 0 1");
        assertEquals(503, refused.statusCode(), refused.body());
        assertEquals(ProblemType.STORE_FULL.urn(), JobsClient.read(refused.body()).get("type").asText());

        startWorker("store-worker-2");
        for (String id : accepted) {
            client.awaitDone(id, TIMEOUT);
        }
    }

    private static void startWorker(String name) {
        services.add(PackagedServices.startWorkerAsRun(name, FreePorts.next(), stores));
    }

    private static List<String> submit(int jobs, Random random) {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < jobs; i++) {
            JsonNode job = client.acceptedBoard(TestBoards.random3x3(random));
            ids.add(job.get("id").asText());
        }
        return ids;
    }
}
