package io.npuzzle.api.faults;

import io.npuzzle.api.PackagedServices;
import io.npuzzle.api.SolveResults;
import io.npuzzle.testsupport.FreePorts;
import io.npuzzle.testsupport.JobsClient;
import io.npuzzle.testsupport.ServiceProcess;
import io.npuzzle.testsupport.SteadyLoad;
import io.npuzzle.testsupport.TestInfrastructure;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One of two workers killed with SIGKILL while jobs flow: the records it took but had not committed, and those
 * queued on its partitions, go to the other worker, so every accepted job ends DONE with one result.
 */
class WorkerKillIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    private static final List<ServiceProcess> services = new ArrayList<>();
    private static ServiceProcess doomed;
    private static JobsClient client;

    @BeforeAll
    static void startServices() {
        TestInfrastructure.shared().redis().flushAll();
        int port = FreePorts.next();
        services.addAll(ServiceProcess.startTogether(List.of(
                () -> PackagedServices.startWorker("kill-worker-a", "kill-worker-a"),
                () -> PackagedServices.startWorker("kill-worker-b", "kill-worker-b"),
                () -> PackagedServices.startApi("kill-api", port))));
        doomed = services.get(0);
        client = new JobsClient(port);
        SolveResults.awaitWorkersSharingThePartitions(2, TIMEOUT);
    }

    @AfterAll
    static void stopServices() {
        ServiceProcess.closeAll(services);
    }

    @Test
    void everyJobAcceptedAroundAWorkerKilledWithSigkillEndsDoneWithOneResult() throws Exception {
        SteadyLoad load = new SteadyLoad(client, 20240603);
        try (load) {
            Awaitility.await("jobs accepted before the kill").atMost(TIMEOUT)
                    .until(() -> load.accepted().size() >= 150);
            doomed.kill();
            int acceptedAtKill = load.accepted().size();
            Awaitility.await("jobs accepted after the kill").atMost(TIMEOUT)
                    .until(() -> load.accepted().size() >= acceptedAtKill + 150);
        }
        assertEquals(List.of(), load.unexpected());
        List<String> ids = load.accepted();
        for (String id : ids) {
            client.awaitDone(id, TIMEOUT);
        }
        SolveResults results = SolveResults.of(ids);
        assertEquals(ids.size(), results.resultsOfJob().size(), "every job was answered by a worker");
        assertTrue(results.oneResultPerJob(), "no job has two different results");
        assertEquals(Set.of("kill-worker-a", "kill-worker-b"), results.workers(), "both workers took part");
    }
}
