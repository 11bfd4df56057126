package io.npuzzle.containers;

import com.fasterxml.jackson.databind.JsonNode;
import io.npuzzle.core.board.Board;
import io.npuzzle.core.board.RandomBoards;
import io.npuzzle.core.board.Shape;
import io.npuzzle.testsupport.JobsClient;
import io.npuzzle.testsupport.SteadyLoad;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.Container.ExecResult;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.Network;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.junit.jupiter.Testcontainers;
import org.testcontainers.utility.DockerImageName;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The shipped images as a service: Kafka and Redis containers, the four topics, the npuzzle/api image and two
 * npuzzle/worker containers on one network, configured as docker-compose.yml configures them (read from it).
 * Answers come back optimal; a running heavy search can be cancelled; a worker container killed with SIGKILL in
 * the middle of a load loses no job. Skipped without a Docker engine or without the app images (bin/images).
 */
@Testcontainers(disabledWithoutDocker = true)
@ExtendWith({Prerequisites.DockerHostAnswers.class, Prerequisites.AppImagesBuilt.class})
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ServiceContainersIT {

    private static final Duration STARTUP = Duration.ofMinutes(3);
    private static final Duration TIMEOUT = Duration.ofSeconds(90);
    private static final String KAFKA_TOOLS = "/opt/kafka/bin/";
    private static final Pattern DONE_COUNT = Pattern.compile(
            "(?m)^npuzzle_worker_jobs_finished_total\\{[^}]*status=\"DONE\"[^}]*} (\\S+)$");
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    /** Every container started, in order of start, by name: the logs are kept and all are removed at the end. */
    private static final Map<String, GenericContainer<?>> containers = new LinkedHashMap<>();
    private static Network network;
    private static GenericContainer<?> doomedWorker;
    private static GenericContainer<?> survivingWorker;
    private static JobsClient client;

    @BeforeAll
    static void startTheService() throws Exception {
        ComposeFile compose = ComposeFile.ofRepository();
        network = Network.newNetwork();

        GenericContainer<?> kafka = start("kafka", new GenericContainer<>(DockerImageName.parse(Images.kafka()))
                .withNetworkAliases("kafka")
                .withEnv(compose.environment("kafka"))
                .waitingFor(Wait.forSuccessfulCommand(KAFKA_TOOLS
                        + "kafka-broker-api-versions.sh --bootstrap-server localhost:9092 >/dev/null 2>&1")));
        // The topics, with the partitions the compose file's one-shot service creates, by its own command.
        List<String> createTopics = compose.command("kafka-topics");
        ExecResult topics = kafka.execInContainer("/bin/sh", "-c", String.join(" ", createTopics));
        assertEquals(0, topics.getExitCode(), "creating the topics: " + topics.getStdout() + topics.getStderr());

        // The job store and the solution cache, with their compose commands (password and memory limit) and the
        // environment their health check authenticates with.
        for (String redis : List.of("redis", "redis-cache")) {
            start(redis, new GenericContainer<>(DockerImageName.parse(Images.redis()))
                    .withNetworkAliases(redis)
                    .withEnv(compose.environment(redis))
                    .withCommand(compose.command(redis).toArray(String[]::new))
                    .waitingFor(Wait.forSuccessfulCommand("redis-cli ping | grep -q PONG")));
        }

        // Each worker has a store of its own here, not the compose file's shared volume: it searches with the
        // image's databases rather than build the rest twice.
        Map<String, String> worker = new HashMap<>(compose.environment("worker"));
        worker.put("NPUZZLE_WORKER_DATABASES_MISSING", "skip");
        doomedWorker = start("worker-1", app(Images.WORKER, worker));
        survivingWorker = start("worker-2", app(Images.WORKER, worker));
        GenericContainer<?> api = start("api", app(Images.API, compose.environment("api")));
        client = new JobsClient(api.getHost(), api.getMappedPort(8080));
    }

    /** An app image on the network with its compose environment, started once it reports ready. */
    private static GenericContainer<?> app(String image, Map<String, String> environment) {
        return new GenericContainer<>(DockerImageName.parse(image))
                .withEnv(environment)
                .withExposedPorts(8080)
                .waitingFor(Wait.forHttp("/q/health/ready").forPort(8080).forStatusCode(200));
    }

    private static GenericContainer<?> start(String name, GenericContainer<?> container) {
        containers.put(name, container);
        container.withNetwork(network).withStartupTimeout(STARTUP).start();
        return container;
    }

    @AfterAll
    static void removeEverything() {
        List<RuntimeException> failures = new ArrayList<>();
        List<Map.Entry<String, GenericContainer<?>>> started = new ArrayList<>(containers.entrySet());
        for (int i = started.size() - 1; i >= 0; i--) {
            GenericContainer<?> container = started.get(i).getValue();
            try {
                if (container.getContainerId() != null) {
                    ContainerLogs.save("ServiceContainersIT", started.get(i).getKey(), container.getLogs());
                }
            } catch (RuntimeException e) {
                failures.add(e);
            }
            try {
                container.stop();
            } catch (RuntimeException e) {
                failures.add(e);
            }
        }
        containers.clear();
        if (network != null) {
            network.close();
        }
        if (!failures.isEmpty()) {
            throw failures.get(0);
        }
    }

    @Test
    @Order(1)
    void aThreeByThreeAndAFourByFourJobEndDoneWithLegalOptimalAnswers() {
        // One of the two hardest 8-puzzle positions (31 moves), and Korf's first 15-puzzle instance (57 moves to
        // his blank-first goal).
        String eight = "8 6 7 2 5 4 3 0 1";
        String korf1 = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3";
        String blankFirst = "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15";
        String eightId = client.accepted(JobsClient.body(eight, null, null)).get("id").asText();
        String korfId = client.accepted(JobsClient.body(korf1, blankFirst, null)).get("id").asText();

        Answers.assertLegalAndOptimal(client.awaitDone(eightId, TIMEOUT), eight, null, Shape.of(3, 3), 31);
        Answers.assertLegalAndOptimal(client.awaitDone(korfId, TIMEOUT), korf1, blankFirst, Shape.of(4, 4), 57);
    }

    @Test
    @Order(2)
    void aHeavyJobCancelledWhileItsSearchRunsEndsCancelled() {
        String board = RandomBoards.solvable(Board.solved(Shape.of(5, 5)), new Random(7)).start().toString();
        String id = client.accepted(JobsClient.body(board, null, "optimal")).get("id").asText();
        Awaitility.await("the 5x5 search runs").atMost(TIMEOUT).pollInterval(Duration.ofMillis(100))
                .until(() -> client.status(id).equals("RUNNING"));

        HttpResponse<String> cancelled = client.cancel(id);
        assertEquals(200, cancelled.statusCode(), cancelled.body());
        assertEquals("CANCELLED", JobsClient.read(cancelled.body()).get("status").asText(), cancelled.body());
        JsonNode job = client.awaitFinished(id, TIMEOUT);
        assertEquals("CANCELLED", job.get("status").asText(), "the first outcome stays: " + job);
        assertTrue(job.get("result").isNull(), "a cancelled search leaves no answer: " + job);
    }

    @Test
    @Order(3)
    void everyJobAcceptedAroundAWorkerContainerKilledWithSigkillEndsDone() throws Exception {
        double doomedBefore = jobsDone(doomedWorker);
        double survivorBefore = jobsDone(survivingWorker);
        double survivorAtKill;
        SteadyLoad load = new SteadyLoad(client, 20261130, 2000);
        try {
            Awaitility.await("150 jobs accepted, both workers solving their share").atMost(TIMEOUT)
                    .until(() -> load.accepted().size() >= 150
                            && jobsDone(doomedWorker) > doomedBefore && jobsDone(survivingWorker) > survivorBefore);
            DockerClientFactory.instance().client().killContainerCmd(doomedWorker.getContainerId()).exec();
            survivorAtKill = jobsDone(survivingWorker);
            int acceptedAtKill = load.accepted().size();
            Awaitility.await("150 more jobs accepted after the kill").atMost(TIMEOUT)
                    .until(() -> load.accepted().size() >= acceptedAtKill + 150
                            || !load.unexpected().isEmpty() || load.unavailable() > 0);
        } finally {
            load.close();
        }
        assertEquals(List.of(), load.unexpected(), "every submission accepted");
        assertEquals(0, load.unavailable(), "every submission accepted, none refused as unavailable");
        List<String> ids = load.accepted();
        for (String id : ids) {
            client.awaitDone(id, TIMEOUT);
        }
        assertEquals(137, DockerClientFactory.instance().client().inspectContainerCmd(doomedWorker.getContainerId())
                .exec().getState().getExitCodeLong(), "the worker died of SIGKILL");
        assertTrue(jobsDone(survivingWorker) > survivorAtKill, "the surviving worker went on solving after the kill");
    }

    /** Jobs a worker container has ended DONE so far, from its Prometheus metrics. */
    private static double jobsDone(GenericContainer<?> worker) {
        String metrics = get(worker, "/q/metrics");
        Matcher count = DONE_COUNT.matcher(metrics);
        double done = 0;
        while (count.find()) {
            done += Double.parseDouble(count.group(1));
        }
        return done;
    }

    private static String get(GenericContainer<?> container, String path) {
        URI uri = URI.create("http://" + container.getHost() + ":" + container.getMappedPort(8080) + path);
        try {
            HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10))
                    .build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, response.statusCode(), uri + ": " + response.body());
            return response.body();
        } catch (IOException e) {
            throw new AssertionError(uri + " did not answer", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }
}
