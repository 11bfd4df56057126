package io.npuzzle.deploy.compose;

import io.npuzzle.deploy.Repository;
import io.npuzzle.deploy.RootPom;
import io.npuzzle.deploy.app.AppModule;
import io.npuzzle.deploy.app.AppRun;
import io.npuzzle.deploy.app.AppRunChecks;
import io.npuzzle.deploy.image.Dockerfile;
import io.npuzzle.deploy.k8s.Manifest;
import io.npuzzle.deploy.k8s.RenderedOverlay;
import io.npuzzle.deploy.k8s.TopicNames;
import io.strimzi.api.kafka.model.topic.KafkaTopic;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** docker-compose.yml runs the stack in order, scales the workers, and wires the apps as they expect. */
class ComposeFileTest {

    private static final ComposeFile COMPOSE = ComposeFile.read();
    private static final Pattern REQUIRE_PASS = Pattern.compile("--requirepass (\\S+)");
    /** The one place the password comes from; its default is documented as for one's own machine only. */
    private static final String PASSWORD = "${REDIS_PASSWORD:-npuzzle-local-only}";
    private static final Pattern CREATE_TOPIC = Pattern.compile("--topic (\\S+) --partitions (\\d+)");

    @Test
    void theStackIsKafkaItsTopicsRedisAndTheApps() {
        assertEquals(Set.of("kafka", "kafka-topics", "redis", "redis-cache", "api", "worker"),
                COMPOSE.services().keySet());
    }

    @Test
    void kafkaIsOneKraftNodeOfTheClientsVersion() {
        // The public image by default; bin/images --local-bases builds a stand-in that KAFKA_IMAGE names.
        String image = "${KAFKA_IMAGE:-apache/kafka:" + RootPom.property("kafka.version") + "}";
        assertEquals(Map.of("kafka", image, "kafka-topics", image), Map.of(
                "kafka", COMPOSE.service("kafka").string("image").orElseThrow(),
                "kafka-topics", COMPOSE.service("kafka-topics").string("image").orElseThrow()));
        Map<String, String> env = COMPOSE.service("kafka").environment();
        assertEquals(Set.of("broker", "controller"), Set.of(env.get("KAFKA_PROCESS_ROLES").split(",")));
        assertEquals(env.get("KAFKA_NODE_ID") + "@kafka:", env.get("KAFKA_CONTROLLER_QUORUM_VOTERS")
                .replaceAll("\\d+$", ""), "the node votes for itself");
        assertEquals("false", env.get("KAFKA_AUTO_CREATE_TOPICS_ENABLE"), "topics come with their partitions");
    }

    /** The node holds every internal topic alone; share groups never become ready while their state topic cannot. */
    @Test
    void kafkasInternalTopicsFitTheSingleNode() {
        Map<String, String> env = COMPOSE.service("kafka").environment();
        for (String topic : List.of("OFFSETS_TOPIC", "TRANSACTION_STATE_LOG", "SHARE_COORDINATOR_STATE_TOPIC")) {
            assertEquals("1", env.get("KAFKA_" + topic + "_REPLICATION_FACTOR"), topic + "'s replicas");
        }
        for (String topic : List.of("TRANSACTION_STATE_LOG", "SHARE_COORDINATOR_STATE_TOPIC")) {
            assertEquals("1", env.get("KAFKA_" + topic + "_MIN_ISR"), topic + "'s in-sync replicas");
        }
    }

    @Test
    void topicsAreCreatedAsInKubernetes() {
        Map<String, Integer> created = new TreeMap<>();
        Matcher topic = CREATE_TOPIC.matcher(COMPOSE.service("kafka-topics").line("command"));
        while (topic.find()) {
            created.put(topic.group(1), Integer.parseInt(topic.group(2)));
        }
        Map<String, Integer> declared = new TreeMap<>();
        for (Manifest manifest : RenderedOverlay.parse(Repository.read("deploy/base/topics.yaml"))) {
            KafkaTopic kafkaTopic = (KafkaTopic) manifest.model();
            declared.put(TopicNames.of(kafkaTopic), kafkaTopic.getSpec().getPartitions());
        }
        assertEquals(declared, created, "the same topics and partition counts as the Kubernetes base");
        Map<String, Integer> used = new TreeMap<>();
        for (String module : Repository.APPS) {
            AppModule app = AppModule.of(module);
            Stream.of("incoming", "outgoing").forEach(direction ->
                    app.topics(direction).values().forEach(name -> used.put(name, created.get(name))));
        }
        assertEquals(created.keySet(), used.keySet(), "exactly the apps' topics");
    }

    @Test
    void workersCanBeScaled() {
        ComposeFile.Service worker = COMPOSE.service("worker");
        assertFalse(worker.definition().containsKey("container_name"), "a fixed name allows one container only");
        assertFalse(worker.definition().containsKey("ports"), "a host port allows one container only");
    }

    @Test
    void servicesStartInOrder() {
        assertEquals(Map.of("kafka", "service_healthy"), COMPOSE.service("kafka-topics").dependsOn());
        assertEquals("no", COMPOSE.service("kafka-topics").string("restart").orElse("no"), "a one-shot job");
        for (String app : Repository.APPS) {
            assertEquals(Map.of("kafka-topics", "service_completed_successfully", "redis", "service_healthy",
                    "redis-cache", "service_healthy"), COMPOSE.service(app).dependsOn(), app);
        }
        for (ComposeFile.Service service : COMPOSE.services().values()) {
            service.dependsOn().forEach((dependency, condition) -> {
                if (condition.equals("service_healthy")) {
                    assertFalse(COMPOSE.service(dependency).healthcheckTest().isEmpty(),
                            service.name() + " waits for " + dependency + " to be healthy, which has no health check");
                }
            });
        }
    }

    @ParameterizedTest
    @FieldSource("io.npuzzle.deploy.Repository#APPS")
    void appsAreBuiltFromTheirDockerfileStage(String module) {
        ComposeFile.Service service = COMPOSE.service(module);
        Dockerfile dockerfile = Dockerfile.read();
        dockerfile.stage(module);
        // The Dockerfile's JRE_IMAGE, its default unless the variable names another (a local stand-in).
        String jre = "JRE_IMAGE";
        assertTrue(dockerfile.globalArgs().containsKey(jre), "the Dockerfile takes the argument " + jre);
        assertEquals(Map.of("context", ".", "target", module,
                        "args", Map.of(jre, "${" + jre + ":-" + dockerfile.globalArgs().get(jre) + "}")),
                new LinkedHashMap<>(service.section("build")));
        assertEquals("npuzzle/" + module, service.string("image").orElseThrow().replaceAll(":[^:/]+$", ""));
    }

    /** Each public image can be replaced through a variable (bin/images --local-bases builds stand-ins). */
    @Test
    void publicImagesCanBeReplaced() {
        assertEquals("${REDIS_IMAGE:-redis:7.4}", COMPOSE.service("redis").string("image").orElseThrow());
        for (ComposeFile.Service service : COMPOSE.services().values()) {
            String image = service.string("image").orElseThrow(() -> new AssertionError(service.name() + " names no image"));
            if (!Repository.APPS.contains(service.name())) {
                assertTrue(image.matches("\\$\\{[A-Z]+_IMAGE:-[^}]+}"), service.name() + ": a public image that a variable can"
                        + " replace: " + image);
            }
        }
    }

    /** The API's host port is API_PORT (8080 by default), forwarded to the port the API listens on. */
    @Test
    void apiAnswersOnAConfigurableHostPort() {
        AppRun api = ComposeApps.run(COMPOSE, "api");
        assertEquals(List.of("${API_PORT:-8080}:" + api.app().require("quarkus.http.port", api.env())),
                COMPOSE.service("api").definition().get("ports"));
    }

    /** Off for use on one machine, as with bin/run; on with API_KEYS_REQUIRED, the hashes from an env file. */
    @Test
    void apiKeysAreRequiredOnlyWhenAskedForWithTheirHashesFromAFile() {
        AppRun api = ComposeApps.run(COMPOSE, "api");
        assertEquals("${API_KEYS_REQUIRED:-false}", api.app().require("npuzzle.api.auth.enabled", api.env()));
        assertEquals(List.of(Map.of("path", "${API_KEYS_FILE:-api-keys.env}", "required", false)),
                COMPOSE.service("api").definition().get("env_file"));
        assertFalse(COMPOSE.service("worker").definition().containsKey("env_file"), "workers never see keys");
    }

    @ParameterizedTest
    @FieldSource("io.npuzzle.deploy.Repository#APPS")
    void environmentNamesAreTheAppsConfigKeys(String module) {
        AppRunChecks.assertEnvUnderstood(ComposeApps.run(COMPOSE, module), Dockerfile.read().env(module));
    }

    @ParameterizedTest
    @FieldSource("io.npuzzle.deploy.Repository#APPS")
    void jvmExitsWhenOutOfMemory(String module) {
        ComposeFile.Service service = COMPOSE.service(module);
        // An entrypoint or command of its own would bypass the image's entrypoint, which is what reads JAVA_OPTS.
        assertFalse(service.definition().containsKey("entrypoint") || service.definition().containsKey("command"),
                module + ": the image's entrypoint starts the app");
        AppRunChecks.assertExitsOnOutOfMemory(ComposeApps.run(COMPOSE, module), Dockerfile.read().env(module));
    }

    @ParameterizedTest
    @FieldSource("io.npuzzle.deploy.Repository#APPS")
    void healthChecksAskTheReadinessEndpoint(String module) {
        AppRunChecks.assertProbesServed(ComposeApps.run(COMPOSE, module));
    }

    @ParameterizedTest
    @FieldSource("io.npuzzle.deploy.Repository#APPS")
    void stopGracePeriodCoversTheWorkInFlight(String module) {
        AppRunChecks.assertStopsGracefully(ComposeApps.run(COMPOSE, module));
    }

    @ParameterizedTest
    @FieldSource("io.npuzzle.deploy.Repository#APPS")
    void appsReachKafkaAndRedisByServiceName(String module) {
        AppRun run = ComposeApps.run(COMPOSE, module);
        String advertised = COMPOSE.service("kafka").environment().get("KAFKA_ADVERTISED_LISTENERS");
        String bootstrap = run.app().require("kafka.bootstrap.servers", run.env());
        assertTrue(advertised.contains("://" + bootstrap), bootstrap + " is not among " + advertised);
        assertEquals("redis://redis:6379", run.app().require("quarkus.redis.hosts", run.env()));
        assertEquals("redis://redis-cache:6379", run.app().require("quarkus.redis.cache.hosts", run.env()));
        for (String redis : List.of("redis", "redis-cache")) {
            assertTrue(COMPOSE.service(redis).line("command").startsWith("redis-server"),
                    redis + " on its default port");
        }
    }

    /** Both Redis servers ask for the password the apps send, which comes from the environment, never the file. */
    @ParameterizedTest
    @FieldSource("io.npuzzle.deploy.Repository#APPS")
    void appsSendTheRedisPasswordFromTheEnvironment(String module) {
        Map<String, String> env = COMPOSE.service(module).environment();
        for (String redis : List.of("redis", "redis-cache")) {
            String command = COMPOSE.service(redis).line("command");
            Matcher password = REQUIRE_PASS.matcher(command);
            assertTrue(password.find(), redis + " asks for a password: " + command);
            assertEquals(PASSWORD, password.group(1), redis + "'s password is the REDIS_PASSWORD variable");
            assertEquals(PASSWORD, COMPOSE.service(redis).environment().get("REDISCLI_AUTH"),
                    redis + "'s health check authenticates");
        }
        assertEquals(PASSWORD, env.get("QUARKUS_REDIS_PASSWORD"), module);
        assertEquals(PASSWORD, env.get("QUARKUS_REDIS_CACHE_PASSWORD"), module);
    }

    /** The job store never evicts (it refuses writes when full); the cache forgets least recently used answers. */
    @Test
    void bothRedisServersHaveAMemoryLimitAndOnlyTheCacheEvicts() {
        String jobs = COMPOSE.service("redis").line("command");
        String cache = COMPOSE.service("redis-cache").line("command");
        assertTrue(jobs.contains("--maxmemory ") && jobs.contains("--maxmemory-policy noeviction"), jobs);
        assertTrue(jobs.contains("--appendonly yes"), "jobs are kept on disk: " + jobs);
        assertTrue(cache.contains("--maxmemory ") && cache.contains("--maxmemory-policy allkeys-lru"), cache);
    }
}
