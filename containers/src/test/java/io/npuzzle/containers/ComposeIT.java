package io.npuzzle.containers;

import com.fasterxml.jackson.databind.JsonNode;
import io.npuzzle.core.board.Shape;
import io.npuzzle.testsupport.FreePorts;
import io.npuzzle.testsupport.JobsClient;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.junit.jupiter.Testcontainers;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * docker-compose.yml itself, through the compose v2 CLI, under a project name of its own and with the API on a
 * free port: up with three workers, a job answered DONE, every service stopped by SIGTERM within its grace period,
 * and down with the volumes. The stack is removed, volumes included, even when a test fails. Skipped without a
 * Docker engine, the compose v2 CLI or the app images.
 */
@Testcontainers(disabledWithoutDocker = true)
@ExtendWith({Prerequisites.DockerHostAnswers.class, Prerequisites.AppImagesBuilt.class, Prerequisites.ComposeCli.class})
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ComposeIT {

    private static final Duration UP = Duration.ofMinutes(6);
    /** Longer than the longest stop_grace_period in the compose file (90 s), so a stop is never cut short. */
    private static final Duration STOP = Duration.ofMinutes(3);
    private static final Duration TIMEOUT = Duration.ofSeconds(90);
    private static final int WORKERS = 3;

    /** The lock file of a database directory into which a worker builds. */
    private static final String BUILD_LOCK = "build.lock";
    private static Compose compose;
    private static boolean removed;
    private static JobsClient client;

    @BeforeAll
    static void startTheStack() {
        int apiPort = FreePorts.next();
        compose = new Compose(ComposeFile.ofRepository().path(),
                "npuzzle-it-" + UUID.randomUUID().toString().substring(0, 8),
                // The docker CLI talks to the engine Testcontainers checked the images on.
                Map.of("DOCKER_HOST", Prerequisites.engine(),
                        "API_PORT", Integer.toString(apiPort),
                        "KAFKA_IMAGE", Images.kafka(),
                        "REDIS_IMAGE", Images.redis(),
                        "JRE_IMAGE", Images.jre()));
        // --no-build: the test is about the images bin/images built, never a build of its own.
        Compose.Result up = compose.run(UP, "up", "--detach", "--no-build", "--wait", "--wait-timeout", "300",
                "--scale", "worker=" + WORKERS);
        assertEquals(0, up.exitCode(), "docker compose up:\n" + up.output());
        client = new JobsClient(DockerClientFactory.instance().dockerHostIpAddress(), apiPort);
    }

    @AfterAll
    static void removeTheStack() {
        if (compose == null || removed) {
            return;
        }
        saveLogs();
        Compose.Result down = compose.run(STOP, "down", "--volumes", "--remove-orphans", "--timeout", "20");
        assertEquals(0, down.exitCode(), "docker compose down:\n" + down.output());
    }

    @Test
    @Order(1)
    void theStackUpWithThreeWorkersAnswersAJobDone() {
        Compose.Result workers = compose.run(TIMEOUT, "ps", "--status", "running", "--quiet", "worker");
        assertEquals(0, workers.exitCode(), workers.output());
        assertEquals(WORKERS, workers.lines().size(), "running workers: " + workers.output());

        String board = "8 6 7 2 5 4 3 0 1";
        String id = client.accepted(JobsClient.body(board, null, null)).get("id").asText();
        Answers.assertLegalAndOptimal(client.awaitDone(id, TIMEOUT), board, null, Shape.of(3, 3), 31);
    }

    @Test
    @Order(2)
    void theWorkersShareOneFreshDatabaseVolumeAndOneOfThemBuildsIntoIt() {
        Awaitility.await("a worker building into the shared volume").atMost(TIMEOUT)
                .pollInterval(Duration.ofSeconds(1)).until(() -> {
                    Compose.Result files = compose.run(TIMEOUT, "exec", "-T", "--index", "1", "worker",
                            "ls", "/deployments/pdb");
                    return files.exitCode() == 0 && files.lines().contains(BUILD_LOCK)
                            && files.lines().stream().anyMatch(file -> file.startsWith("pdb-v2-4x4-"));
                });
        for (int index = 2; index <= WORKERS; index++) {
            Compose.Result files = compose.run(TIMEOUT, "exec", "-T", "--index", Integer.toString(index), "worker",
                    "ls", "/deployments/pdb");
            assertTrue(files.lines().contains(BUILD_LOCK), "worker " + index + " sees the same store: "
                    + files.output());
        }
    }

    @Test
    @Order(3)
    void everyServiceStopsOnSigtermAndDownRemovesTheStackWithItsVolumes() {
        Compose.Result stop = compose.run(STOP, "stop");
        assertEquals(0, stop.exitCode(), "docker compose stop:\n" + stop.output());
        saveLogs();
        Compose.Result states = compose.run(TIMEOUT, "ps", "--all", "--format", "json");
        assertEquals(0, states.exitCode(), states.output());
        List<String> killed = new ArrayList<>();
        int stopped = 0;
        for (JsonNode container : containers(states)) {
            assertEquals("exited", container.path("State").asText(), "stopped: " + container);
            stopped++;
            // 137 is SIGKILL: what Docker sends a container that outlives its stop_grace_period.
            if (container.path("ExitCode").asInt() == 137) {
                killed.add(container.path("Name").asText());
            }
        }
        int services = ComposeFile.ofRepository().services().size();
        assertEquals(services - 1 + WORKERS, stopped,
                "one container a service, " + WORKERS + " workers: " + states.output());
        assertEquals(List.of(), killed, "services killed after their grace period instead of stopping on SIGTERM");

        String volumeFilter = "label=com.docker.compose.project=" + compose.project();
        assertEquals(List.of(compose.project() + "_pdb", compose.project() + "_redis-data"),
                docker("volume", "ls", "--quiet", "--filter", volumeFilter).lines().stream().sorted().toList(),
                "the stack's volumes before down: the databases' and Redis'");

        Compose.Result down = compose.run(STOP, "down", "--volumes");
        assertEquals(0, down.exitCode(), "docker compose down:\n" + down.output());
        removed = true;
        Compose.Result left = compose.run(TIMEOUT, "ps", "--all", "--quiet");
        assertEquals(List.of(), left.lines(), "containers left: " + left.output());
        assertEquals(List.of(), docker("volume", "ls", "--quiet", "--filter", volumeFilter).lines(), "volumes left");
        Compose.Result networks = docker("network", "ls", "--quiet", "--filter",
                "label=com.docker.compose.project=" + compose.project());
        assertEquals(List.of(), networks.lines(), "networks left");
    }

    /** {@code docker compose ps --format json}: one object per line (compose 2.21 on), or one array before. */
    private static List<JsonNode> containers(Compose.Result states) {
        List<JsonNode> containers = new ArrayList<>();
        for (String line : states.lines()) {
            JsonNode parsed = JobsClient.read(line);
            if (parsed.isArray()) {
                parsed.forEach(containers::add);
            } else {
                containers.add(parsed);
            }
        }
        return containers;
    }

    private static Compose.Result docker(String... args) {
        Compose.Result result = compose.docker(TIMEOUT, args);
        assertEquals(0, result.exitCode(), result.output());
        return result;
    }

    private static void saveLogs() {
        Compose.Result logs = compose.run(TIMEOUT, "logs", "--no-color", "--timestamps");
        ContainerLogs.save("ComposeIT", compose.project(), logs.output());
    }
}
