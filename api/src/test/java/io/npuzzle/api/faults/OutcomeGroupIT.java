package io.npuzzle.api.faults;

import com.fasterxml.jackson.databind.JsonNode;
import io.npuzzle.api.PackagedServices;
import io.npuzzle.protocol.Topics;
import io.npuzzle.testsupport.FreePorts;
import io.npuzzle.testsupport.JobsClient;
import io.npuzzle.testsupport.KafkaBrokerProcess;
import io.npuzzle.testsupport.LingeringMember;
import io.npuzzle.testsupport.ServiceProcess;
import io.npuzzle.testsupport.SteadyLoad;
import io.npuzzle.testsupport.TestInfrastructure;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The API's consumer group of outcomes, on a broker of its own: a member left behind by a process that died (the
 * state an unclean stop leaves, with Kafka's default session timeout) does not hold up the outcomes of a replica
 * that starts; a member that holds partitions and reads nothing shows as a stalled backlog in the metrics and the
 * health details until it goes.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class OutcomeGroupIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    private static final Duration KAFKA_DEFAULT_SESSION = Duration.ofSeconds(45);
    private static final Duration ANSWERED_WITHIN = Duration.ofSeconds(8);
    private static final String GROUP = "npuzzle-api";
    private static final Pattern STALLED = Pattern.compile("(?m)^npuzzle_outcomes_backlog_stalled_seconds(\\{[^}]*})? (\\S+)$");
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private static final List<ServiceProcess> services = new ArrayList<>();
    private static KafkaBrokerProcess broker;
    private static Map<String, String> settings;
    private static JobsClient client;
    private static int port;

    @BeforeAll
    static void startBroker() {
        TestInfrastructure.shared().redis().flushAll();
        broker = KafkaBrokerProcess.start(TestInfrastructure.WORK_DIR.resolve("group-broker-" + System.nanoTime()));
        settings = Map.of("kafka.bootstrap.servers", broker.bootstrapServers(),
                "npuzzle.api.outcomes.watch-period", "PT1S", "npuzzle.api.outcomes.stalled-after", "PT3S");
        services.add(PackagedServices.startWorkerAsRun("group-worker", FreePorts.next(),
                Map.of("kafka.bootstrap.servers", broker.bootstrapServers())));
        port = FreePorts.next();
        client = new JobsClient(port);
    }

    @AfterAll
    static void stopAll() {
        ServiceProcess.closeAll(services);
        if (broker != null) {
            broker.close();
        }
    }

    @Test
    @Order(1)
    void aMemberLeftBehindByADeadProcessDoesNotHoldUpTheOutcomesOfAStartingReplica() {
        LingeringMember.leaveBehind(broker.bootstrapServers(), GROUP, Topics.RESULTS, KAFKA_DEFAULT_SESSION);

        services.add(PackagedServices.startApi("group-api", port, settings));
        long started = System.nanoTime();
        String id = client.acceptedBoard("8 6 7 2 5 4 3 x 1").get("id").asText();
        client.awaitDone(id, TIMEOUT);

        Duration answered = Duration.ofNanos(System.nanoTime() - started);
        assertTrue(answered.compareTo(ANSWERED_WITHIN) < 0, "answered " + answered + " after the start, while the"
                + " member left behind would hold its partitions for " + KAFKA_DEFAULT_SESSION);
    }

    @Test
    @Order(2)
    void aMemberThatHoldsPartitionsAndReadsNothingShowsAsAStalledBacklogUntilItGoes() throws Exception {
        try (KafkaConsumer<String, String> idle = new KafkaConsumer<>(Map.<String, Object>of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers(),
                ConsumerConfig.GROUP_ID_CONFIG, GROUP,
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false,
                ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 1,
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class,
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class))) {
            idle.subscribe(List.of(Topics.RESULTS));
            Awaitility.await("the idle member holds partitions").atMost(TIMEOUT).pollInterval(Duration.ofMillis(100))
                    .until(() -> {
                        idle.poll(Duration.ofMillis(100));
                        return !idle.assignment().isEmpty();
                    });
            // From here on it reads nothing: the outcomes of its partitions wait.
            SteadyLoad load = new SteadyLoad(client, 20261206, 100);
            Awaitility.await("every board submitted").atMost(TIMEOUT).until(() -> load.accepted().size() >= 100);
            load.close();

            Awaitility.await("the backlog stalled").atMost(TIMEOUT).until(() -> stalledSeconds() > 3);
            JsonNode health = wellness();
            assertEquals("DOWN", health.get("status").asText(), health.toString());
            assertTrue(health.toString().contains("outcome backlog"), health.toString());
        }
        Awaitility.await("the backlog drained once the member left").atMost(TIMEOUT)
                .until(() -> stalledSeconds() == 0 && "UP".equals(wellness().get("status").asText()));
    }

    private static double stalledSeconds() throws Exception {
        String metrics = get("/q/metrics").body();
        Matcher matcher = STALLED.matcher(metrics);
        assertTrue(matcher.find(), "npuzzle_outcomes_backlog_stalled_seconds is served");
        return Double.parseDouble(matcher.group(2));
    }

    private static JsonNode wellness() throws Exception {
        return JobsClient.read(get("/q/health/well").body());
    }

    private static HttpResponse<String> get(String path) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
                .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
    }
}
