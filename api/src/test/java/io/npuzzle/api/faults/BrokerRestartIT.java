package io.npuzzle.api.faults;

import io.npuzzle.api.PackagedServices;
import io.npuzzle.testsupport.FreePorts;
import io.npuzzle.testsupport.JobsClient;
import io.npuzzle.testsupport.KafkaBrokerProcess;
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
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The broker stopped and started again (same port, same data) while a few hundred 3x3 jobs flow: every job the
 * API accepted ends DONE. The script version with more load is bench/faults.
 */
class BrokerRestartIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(120);
    private static final int JOBS = 300;

    private static final List<ServiceProcess> services = new ArrayList<>();
    private static KafkaBrokerProcess broker;
    private static JobsClient client;

    @BeforeAll
    static void startServices() {
        TestInfrastructure.shared().redis().flushAll();
        broker = KafkaBrokerProcess.start(TestInfrastructure.WORK_DIR.resolve("broker-" + System.nanoTime()));
        Map<String, String> settings = Map.of("kafka.bootstrap.servers", broker.bootstrapServers());
        int workerPort = FreePorts.next();
        int port = FreePorts.next();
        services.addAll(ServiceProcess.startTogether(List.of(
                () -> PackagedServices.startWorkerAsRun("restart-worker", workerPort, settings),
                () -> PackagedServices.startApi("restart-api", port, settings))));
        client = new JobsClient(port);
    }

    @AfterAll
    static void stopServices() {
        ServiceProcess.closeAll(services);
        if (broker != null) {
            broker.close();
        }
    }

    @Test
    void aBrokerStoppedAndStartedUnderLoadLeavesEveryAcceptedJobDone() throws Exception {
        SteadyLoad load = new SteadyLoad(client, 20261130, JOBS);
        try (load) {
            Awaitility.await("jobs accepted before the broker stops").atMost(TIMEOUT)
                    .until(() -> load.accepted().size() >= JOBS / 4);
            broker.stop();
            Awaitility.await("the API not ready without the broker").atMost(TIMEOUT)
                    .until(() -> client.readiness().statusCode() == 503);
            broker.restart();
            Awaitility.await("ready again").atMost(TIMEOUT).until(() -> client.readiness().statusCode() == 200);
            Awaitility.await("every board submitted").atMost(TIMEOUT)
                    .until(() -> load.accepted().size() + load.unavailable() + load.unexpected().size() >= JOBS);
        }
        assertEquals(List.of(), load.unexpected(), "every answer is an accepted job or a 503 problem");
        assertTrue(load.accepted().size() > JOBS / 2, "most submissions accepted: " + load.accepted().size());
        for (String id : load.accepted()) {
            client.awaitDone(id, TIMEOUT);
        }
    }
}
