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
 * A worker killed (SIGKILL) in the middle of a heavy search: once its session in the heavy lane's share group and
 * its record's lock have run out, the broker hands the job to the other worker, and the job still ends.
 */
class HeavyWorkerKillIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(90);
    /** Short, so that the test waits little; the test broker's floor allows it. */
    private static final Duration LOCK = Duration.ofSeconds(2);
    private static final Duration SESSION = Duration.ofSeconds(10);
    /** The session and the lock, and a few seconds for a busy test machine's rebalance and polls. */
    private static final Duration HANDED_ON = SESSION.plus(LOCK).plusSeconds(5);
    private static final Pattern IN_FLIGHT = Pattern.compile("(?m)^npuzzle_worker_jobs_in_flight(?:\\{[^}]*})? (\\S+)");
    private static final Map<String, String> SETTINGS = Map.of("npuzzle.worker.heavy.lock-duration", LOCK.toString(),
            "npuzzle.worker.heavy.session-timeout", SESSION.toString());

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
        ServiceProcess.closeAll(services);
    }

    @Test
    void aHeavyJobOfAWorkerKilledWithSigkillGoesToAnotherWorkerOnceItsSessionAndLockRunOutAndStillEnds() {
        int[] ports = {FreePorts.next(), FreePorts.next()};
        List<ServiceProcess> workers = List.of(
                PackagedServices.startWorkerAsRun("heavy-kill-worker-a", ports[0], SETTINGS),
                PackagedServices.startWorkerAsRun("heavy-kill-worker-b", ports[1], SETTINGS));
        services.addAll(workers);
        for (int port : ports) {
            Awaitility.await("a worker is ready").atMost(TIMEOUT)
                    .until(() -> PackagedServices.workerGet(port, "/q/health/ready").statusCode() == 200);
        }
        String id = client.accepted("{\"board\": \"" + TestBoards.randomSolvable(6, 6, new Random(20261206))
                + "\", \"rows\": 6, \"cols\": 6, \"mode\": \"optimal\"}").get("id").asText();
        Awaitility.await("a worker searches").atMost(TIMEOUT).pollInterval(Duration.ofMillis(100))
                .until(() -> inFlight(ports[0]) + inFlight(ports[1]) == 1);
        int holder = inFlight(ports[0]) == 1 ? 0 : 1;
        int survivorPort = ports[1 - holder];

        workers.get(holder).kill();
        Awaitility.await("the other worker took the job").atMost(HANDED_ON)
                .pollInterval(Duration.ofMillis(100)).until(() -> inFlight(survivorPort) == 1);

        assertEquals(200, client.cancel(id).statusCode());
        assertEquals("CANCELLED", client.awaitFinished(id, TIMEOUT).get("status").asText());
    }

    /** Jobs in the worker's hands; the gauge appears with the worker's first job. */
    private static int inFlight(int workerPort) {
        Matcher gauge = IN_FLIGHT.matcher(PackagedServices.workerGet(workerPort, "/q/metrics").body());
        return gauge.find() ? (int) Double.parseDouble(gauge.group(1)) : 0;
    }
}
