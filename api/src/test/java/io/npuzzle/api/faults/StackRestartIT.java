package io.npuzzle.api.faults;

import io.npuzzle.api.PackagedServices;
import io.npuzzle.testsupport.FreePorts;
import io.npuzzle.testsupport.JobsClient;
import io.npuzzle.testsupport.KafkaBrokerProcess;
import io.npuzzle.testsupport.RedisServer;
import io.npuzzle.testsupport.ServiceProcess;
import io.npuzzle.testsupport.Stack;
import io.npuzzle.testsupport.SteadyLoad;
import io.npuzzle.testsupport.TestInfrastructure;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The whole stack (broker, job store with its append-only file, a worker, the API) stopped under load as a signal
 * to its process group does, TERM to all at once and KILL a few seconds later, then started again from its kept
 * state: every job accepted before the stop ends DONE, and a new job is answered within seconds.
 */
class StackRestartIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(90);
    private static final Duration KILL_AFTER = Duration.ofSeconds(3);
    private static final Duration ANSWERED_WITHIN = Duration.ofSeconds(8);

    private static final List<ServiceProcess> services = new ArrayList<>();
    private static KafkaBrokerProcess broker;
    private static RedisServer jobStore;
    private static Map<String, String> settings;
    private static int port;

    @BeforeAll
    static void startStack() {
        broker = KafkaBrokerProcess.start(TestInfrastructure.WORK_DIR.resolve("stack-broker-" + System.nanoTime()));
        jobStore = RedisServer.start(TestInfrastructure.WORK_DIR.resolve("stack-store-" + System.nanoTime()),
                List.of("--appendonly", "yes", "--appendfsync", "everysec"));
        settings = new HashMap<>(Map.of("kafka.bootstrap.servers", broker.bootstrapServers(),
                "quarkus.redis.hosts", jobStore.url(),
                "quarkus.redis.cache.hosts", TestInfrastructure.shared().redis().url()));
        port = FreePorts.next();
    }

    @AfterAll
    static void stopStack() {
        ServiceProcess.closeAll(services);
        if (broker != null) {
            broker.close();
        }
        if (jobStore != null) {
            jobStore.close();
        }
    }

    private static List<ServiceProcess> startApps(String run) {
        List<ServiceProcess> apps = List.of(
                PackagedServices.startWorkerAsRun("stack-worker-" + run, FreePorts.next(), settings),
                PackagedServices.startApi("stack-api-" + run, port, settings));
        services.addAll(apps);
        return apps;
    }

    @Test
    void aStackStoppedUncleanlyUnderLoadFinishesEveryAcceptedJobAndAnswersAtOnceAfterItsRestart() throws Exception {
        List<ServiceProcess> apps = startApps("first");
        JobsClient client = new JobsClient(port);
        SteadyLoad load = new SteadyLoad(client, 20261205);
        List<ProcessHandle> stack = new ArrayList<>(apps.stream().map(ServiceProcess::handle).toList());
        stack.add(broker.handle());
        stack.add(jobStore.handle());
        try (load) {
            Awaitility.await("jobs accepted").atMost(TIMEOUT).until(() -> load.accepted().size() >= 300);
            Stack.stopUncleanly(stack, KILL_AFTER);
        }
        List<String> accepted = load.accepted();

        jobStore.restart();
        broker.restart();
        startApps("again");
        long started = System.nanoTime();
        String fresh = client.acceptedBoard("8 6 7 2 5 4 3 x 1").get("id").asText();
        client.awaitDone(fresh, TIMEOUT);
        Duration answered = Duration.ofNanos(System.nanoTime() - started);
        assertTrue(answered.compareTo(ANSWERED_WITHIN) < 0, "a new job answered " + answered + " after the start");

        for (String id : accepted) {
            client.awaitDone(id, TIMEOUT);
        }
    }
}
