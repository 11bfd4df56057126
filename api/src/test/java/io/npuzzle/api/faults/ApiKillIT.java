package io.npuzzle.api.faults;

import io.npuzzle.api.PackagedServices;
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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The only API replica killed with SIGKILL while workers publish outcomes for the jobs it accepted, then started
 * again: its consumer never left the outcome group, yet the new replica records outcomes at once, and every job
 * accepted before the kill ends DONE.
 */
class ApiKillIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    /** What "at once" allows: well inside the session timeout a killed member would otherwise hold on for. */
    private static final Duration ANSWERED_WITHIN = Duration.ofSeconds(8);

    private static final List<ServiceProcess> services = new ArrayList<>();
    private static int port;

    @BeforeAll
    static void startServices() {
        TestInfrastructure.shared().redis().flushAll();
        services.add(PackagedServices.startWorker("api-kill-worker", "api-kill-worker"));
        port = FreePorts.next();
    }

    @AfterAll
    static void stopServices() {
        ServiceProcess.closeAll(services);
    }

    @Test
    void anApiKilledWithOutcomesInFlightRecordsThemAndAnswersNewJobsAtOnceWhenStartedAgain() throws Exception {
        ServiceProcess api = PackagedServices.startApi("api-kill-first", port);
        services.add(api);
        JobsClient client = new JobsClient(port);
        SteadyLoad load = new SteadyLoad(client, 20261204);
        try (load) {
            Awaitility.await("jobs accepted").atMost(TIMEOUT).until(() -> load.accepted().size() >= 200);
        }
        api.kill();
        assertEquals(List.of(), load.unexpected());

        ServiceProcess again = PackagedServices.startApi("api-kill-again", port);
        services.add(again);
        long started = System.nanoTime();
        String fresh = client.acceptedBoard("8 6 7 2 5 4 3 x 1").get("id").asText();
        client.awaitDone(fresh, TIMEOUT);
        Duration answered = Duration.ofNanos(System.nanoTime() - started);
        assertTrue(answered.compareTo(ANSWERED_WITHIN) < 0, "a new job answered " + answered + " after the start");

        for (String id : load.accepted()) {
            client.awaitDone(id, TIMEOUT);
        }
    }
}
