package io.npuzzle.api.faults;

import io.npuzzle.api.PackagedServices;
import io.npuzzle.protocol.JobIds;
import io.npuzzle.protocol.RedisKeys;
import io.npuzzle.testsupport.FreePorts;
import io.npuzzle.testsupport.JobsClient;
import io.npuzzle.testsupport.RedisServer;
import io.npuzzle.testsupport.ServiceProcess;
import io.npuzzle.testsupport.TestInfrastructure;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * An upgrade with jobs in flight: the job store holds running jobs as a version before the open jobs' index stored
 * them (no {@code redriveAfter}, not in {@code npuzzle:open}), their requests long consumed. The API indexes them
 * when it starts, or when a job is read, and re-drives them, so that each ends DONE.
 */
class EarlierVersionJobsIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    /** Long enough ago that a quick job's quiet time (a minute) has passed: such a job is due at once. */
    private static final Duration STUCK_FOR = Duration.ofMinutes(10);

    private static final List<ServiceProcess> services = new ArrayList<>();
    private static RedisServer jobStore;
    private static JobsClient client;
    private static List<String> storedBeforeStart;

    @BeforeAll
    static void startOnAnEarlierVersionsJobStore() {
        jobStore = RedisServer.start(TestInfrastructure.WORK_DIR.resolve("earlier-jobs-" + System.nanoTime()));
        storedBeforeStart = List.of(storeRunning(), storeRunning());
        Map<String, String> stores = Map.of("quarkus.redis.hosts", jobStore.url(),
                "quarkus.redis.cache.hosts", TestInfrastructure.shared().redis().url());
        int port = FreePorts.next();
        services.add(PackagedServices.startApi("earlier-jobs-api", port, stores));
        services.add(PackagedServices.startWorkerAsRun("earlier-jobs-worker", FreePorts.next(), stores));
        client = new JobsClient(port);
    }

    @AfterAll
    static void stopServices() {
        ServiceProcess.closeAll(services);
        if (jobStore != null) {
            jobStore.close();
        }
    }

    /**
     * A running 3x3 job as the earlier version stored it (its request in that version's JSON, as in a store kept
     * from such a deployment): a request, a revision, a delivery and a start time.
     */
    private static String storeRunning() {
        String jobId = JobIds.next();
        Instant submitted = Instant.now().minus(STUCK_FOR);
        String request = "{\"jobId\":\"" + jobId + "\",\"key\":\"3x3:8:867254301\",\"board\":\"8 6 7 2 5 4 3 0 1\","
                + "\"rows\":3,\"cols\":3,\"goal\":\"1 2 3 4 5 6 7 8 0\",\"mode\":\"optimal\",\"submittedAt\":\""
                + submitted + "\",\"ratio\":null,\"owner\":null}";
        String reply = jobStore.call("HSET " + RedisKeys.job(jobId) + " request '" + request + "' revision 2"
                + " deliveries 1 started " + submitted.plusSeconds(2));
        assertEquals(":4", reply);
        return jobId;
    }

    private static boolean hasOutcome(String jobId) {
        return jobStore.call("HEXISTS " + RedisKeys.job(jobId) + " outcome").equals(":1");
    }

    @Test
    void runningJobsStoredWithoutTheIndexEndDoneAfterTheApiStartsWithoutAnyoneReadingThem() {
        // Watched in Redis, not through the API, since reading a job indexes it too.
        Awaitility.await("re-driven and answered").atMost(TIMEOUT)
                .until(() -> storedBeforeStart.stream().allMatch(EarlierVersionJobsIT::hasOutcome));
        storedBeforeStart.forEach(id -> assertEquals("DONE", client.status(id), id));
    }

    @Test
    void aRunningJobStoredWithoutTheIndexAfterTheApiStartedEndsDoneOnceItIsRead() {
        Awaitility.await("ready").atMost(TIMEOUT).until(() -> client.readiness().statusCode() == 200);
        String jobId = storeRunning();

        assertEquals("DONE", client.awaitDone(jobId, TIMEOUT).get("status").asText());
    }
}
