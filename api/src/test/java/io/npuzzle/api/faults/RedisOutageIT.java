package io.npuzzle.api.faults;

import io.npuzzle.api.PackagedServices;
import io.npuzzle.testsupport.FreePorts;
import io.npuzzle.testsupport.JobsClient;
import io.npuzzle.testsupport.RedisServer;
import io.npuzzle.testsupport.ServiceProcess;
import io.npuzzle.testsupport.SteadyLoad;
import io.npuzzle.testsupport.TestInfrastructure;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Redis stopped while jobs flow, then started again: meanwhile the API answers 503 problems, quickly, and once
 * Redis is back every job it accepted ends DONE.
 */
class RedisOutageIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    /** The services wait at most 2 s for Redis; anything near this means a request hung. */
    private static final Duration SLOWEST_ALLOWED = Duration.ofSeconds(5);

    private static ServiceProcess worker;
    private static ServiceProcess api;
    private static JobsClient client;

    @BeforeAll
    static void startServices() {
        TestInfrastructure.shared().redis().flushAll();
        int port = FreePorts.next();
        List<ServiceProcess> started = ServiceProcess.startTogether(List.of(
                () -> PackagedServices.startWorker("outage-worker", "outage-worker"),
                () -> PackagedServices.startApi("outage-api", port)));
        worker = started.get(0);
        api = started.get(1);
        client = new JobsClient(port);
    }

    @AfterAll
    static void stopServices() {
        RedisServer redis = TestInfrastructure.shared().redis();
        if (!redis.isRunning()) {
            redis.restart();
        }
        ServiceProcess.closeAll(List.of(api, worker));
    }

    @Test
    void whileRedisIsDownRequestsGet503ProblemsAndEveryAcceptedJobEndsDoneOnceItIsBack() throws Exception {
        RedisServer redis = TestInfrastructure.shared().redis();
        SteadyLoad load = new SteadyLoad(client, 20240602);
        try (load) {
            Awaitility.await("jobs accepted before the outage").atMost(TIMEOUT)
                    .until(() -> load.accepted().size() >= 100);
            redis.stop();
            Awaitility.await("submissions refused during the outage").atMost(TIMEOUT)
                    .until(() -> load.unavailable() >= 20);
            HttpResponse<String> poll = client.get(load.accepted().get(0));
            assertEquals(503, poll.statusCode(), poll.body());
            assertEquals("application/problem+json", poll.headers().firstValue("Content-Type").orElse(""));
            HttpResponse<String> down = client.readiness();
            assertEquals(503, down.statusCode(), "not ready without Redis: " + down.body());

            redis.restart();
            int acceptedAtRestart = load.accepted().size();
            Awaitility.await("jobs accepted after the outage").atMost(TIMEOUT)
                    .until(() -> load.accepted().size() >= acceptedAtRestart + 50);
            Awaitility.await("ready again").atMost(TIMEOUT).until(() -> client.readiness().statusCode() == 200);
        }
        assertEquals(List.of(), load.unexpected(), "every answer is an accepted job or a 503 problem");
        assertTrue(load.slowestAnswer().compareTo(SLOWEST_ALLOWED) < 0, "slowest answer " + load.slowestAnswer());
        for (String id : load.accepted()) {
            client.awaitDone(id, TIMEOUT);
        }
    }
}
