package io.npuzzle.api.faults;

import io.npuzzle.api.PackagedServices;
import io.npuzzle.api.TestBoards;
import io.npuzzle.testsupport.FreePorts;
import io.npuzzle.testsupport.JobsClient;
import io.npuzzle.testsupport.ServiceProcess;
import io.npuzzle.testsupport.TestInfrastructure;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A worker killed (SIGKILL) in the middle of a heavy search: the heavy lane's share group hands the job to the
 * other worker once the record's lock runs out, and the job still ends.
 */
class HeavyWorkerKillIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(90);
    /** Short, so that the test waits little; the test broker's floor allows it. */
    private static final Duration LOCK = Duration.ofSeconds(2);
    /** What "within the lock" allows on a busy test machine: the redelivered job's start takes a poll or two. */
    private static final Duration WITHIN_THE_LOCK = LOCK.plusSeconds(3);
    private static final Pattern IN_FLIGHT = Pattern.compile("(?m)^npuzzle_worker_jobs_in_flight(?:\\{[^}]*})? (\\S+)");
    private static final Map<String, String> SETTINGS = Map.of("npuzzle.worker.heavy.lock-duration", LOCK.toString());

    private static final List<ServiceProcess> services = new ArrayList<>();
    private static JobsClient client;

    @BeforeAll
    static void startApi() {
        TestInfrastructure.shared().redis().flushAll();
        int port = FreePorts.next();
        services.add(PackagedServices.startApi("heavy-kill-api", port));
        client = new JobsClient(port);
    }

    @AfterAll
    static void stopServices() {
        services.forEach(ServiceProcess::close);
    }

    @Test
    void aHeavyJobOfAWorkerKilledWithSigkillGoesToAnotherWorkerWithinTheLockDurationAndStillEnds() {
        ServiceProcess doomed = PackagedServices.startWorkerAsRun("heavy-kill-worker-a", FreePorts.next(), SETTINGS);
        services.add(doomed);
        String id = client.accepted("{\"board\": \"" + TestBoards.randomSolvable(6, 6, new Random(20261206))
                + "\", \"rows\": 6, \"cols\": 6, \"mode\": \"optimal\"}").get("id").asText();
        Awaitility.await("the first worker searches").atMost(TIMEOUT).until(() -> status(id).equals("RUNNING"));

        int survivorPort = FreePorts.next();
        services.add(PackagedServices.startWorkerAsRun("heavy-kill-worker-b", survivorPort, SETTINGS));
        Awaitility.await("the second worker is ready").atMost(TIMEOUT)
                .until(() -> PackagedServices.workerGet(survivorPort, "/q/health/ready").statusCode() == 200);
        assertEquals(0, inFlight(survivorPort), "the second worker is idle while the first holds the job");

        doomed.kill();
        Awaitility.await("the second worker took the job").atMost(WITHIN_THE_LOCK)
                .pollInterval(Duration.ofMillis(100)).until(() -> inFlight(survivorPort) == 1);

        assertEquals(200, client.cancel(id).statusCode());
        assertEquals("CANCELLED", client.awaitFinished(id, TIMEOUT).get("status").asText());
    }

    private static String status(String id) {
        return JobsClient.read(client.get(id).body()).get("status").asText();
    }

    private static int inFlight(int workerPort) {
        Matcher gauge = IN_FLIGHT.matcher(PackagedServices.workerGet(workerPort, "/q/metrics").body());
        return gauge.find() ? (int) Double.parseDouble(gauge.group(1)) : -1;
    }
}
