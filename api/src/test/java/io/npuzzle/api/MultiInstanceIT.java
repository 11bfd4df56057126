package io.npuzzle.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.npuzzle.core.board.Puzzle;
import io.npuzzle.protocol.Topics;
import io.npuzzle.testsupport.FreePorts;
import io.npuzzle.testsupport.ServiceProcess;
import io.npuzzle.testsupport.TestInfrastructure;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two API instances and two workers, each a separate process from its packaged jar, on one broker and one Redis.
 */
class MultiInstanceIT {

    private static final Path API_JAR = Path.of("target", "quarkus-app", "quarkus-run.jar");
    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    private static final int JOBS = 200;

    private static final List<ServiceProcess> services = new ArrayList<>();
    private static final HttpClient http = HttpClient.newHttpClient();
    private static final ObjectMapper json = new ObjectMapper();
    private static String apiA;
    private static String apiB;

    @BeforeAll
    static void startServices() {
        TestInfrastructure infrastructure = TestInfrastructure.shared();
        infrastructure.redis().flushAll();
        for (String worker : List.of("worker-a", "worker-b")) {
            Map<String, String> config = new HashMap<>(infrastructure.serviceConfig());
            config.put("npuzzle.worker.id", worker);
            services.add(ServiceProcess.start(PipelineResource.WORKER_JAR, "it-" + worker, config));
        }
        apiA = startApi("it-api-a", infrastructure);
        apiB = startApi("it-api-b", infrastructure);
        awaitWorkersShareThePartitions(infrastructure);
    }

    @AfterAll
    static void stopServices() {
        services.forEach(ServiceProcess::close);
    }

    @Test
    void aJobSubmittedToOneInstanceIsAnsweredByTheOther() throws Exception {
        JsonNode queued = post(apiA, "{\"board\": \"8 6 7 2 5 4 3 0 1\"}");
        assertEquals("QUEUED", queued.get("status").asText());
        JsonNode done = awaitDone(apiB, queued.get("id").asText());
        assertEquals(31, done.at("/result/length").asInt());
    }

    @Test
    void twoHundredJobsOverBothWorkersAllFinishOnceWithOneAnswerEach() throws Exception {
        Random random = new Random(20240601);
        List<String> boards = new ArrayList<>();
        for (int i = 0; i < JOBS; i++) {
            // Every fifth board repeats an earlier one, so identical boards are in flight together too.
            boards.add(i % 5 == 4 ? boards.get(random.nextInt(i)) : randomBoard(random));
        }
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < JOBS; i++) {
            ids.add(post(i % 2 == 0 ? apiA : apiB, "{\"board\": \"" + boards.get(i) + "\"}").get("id").asText());
        }
        assertEquals(JOBS, new HashSet<>(ids).size(), "every job has its own id");

        Map<String, String> answerOfBoard = new HashMap<>();
        for (int i = 0; i < JOBS; i++) {
            JsonNode done = awaitDone(i % 2 == 0 ? apiB : apiA, ids.get(i));
            String moves = done.at("/result/moves").isNull() ? "unsolvable" : done.at("/result/moves").asText();
            Puzzle puzzle = Puzzle.parse(boards.get(i), 3, 3, null);
            if (!moves.equals("unsolvable")) {
                assertEquals(puzzle.goal(), puzzle.start().apply(moves));
            }
            String earlier = answerOfBoard.putIfAbsent(boards.get(i), moves);
            assertTrue(earlier == null || earlier.equals(moves), "one answer per board");
        }

        Map<String, Set<String>> outcomesOfJob = new HashMap<>();
        Set<String> workers = new HashSet<>();
        for (ConsumerRecord<String, String> record : readAllResults()) {
            JsonNode outcome = json.readTree(record.value());
            String job = outcome.get("jobId").asText();
            if (ids.contains(job)) {
                outcomesOfJob.computeIfAbsent(job, k -> new HashSet<>()).add(outcome.get("result").toString()
                        .replace("\"cached\":true", "\"cached\":false"));
                workers.add(outcome.get("worker").asText());
            }
        }
        assertTrue(outcomesOfJob.values().stream().allMatch(results -> results.size() == 1),
                "no job has two different results");
        assertEquals(Set.of("worker-a", "worker-b"), workers, "both workers took part");
    }

    private static String startApi(String name, TestInfrastructure infrastructure) {
        int port = FreePorts.next();
        Map<String, String> config = new HashMap<>(infrastructure.serviceConfig());
        config.put("quarkus.http.port", Integer.toString(port));
        services.add(ServiceProcess.start(API_JAR, name, config));
        return "http://localhost:" + port;
    }

    private static void awaitWorkersShareThePartitions(TestInfrastructure infrastructure) {
        try (Admin admin = infrastructure.kafka().admin()) {
            Awaitility.await("both workers own partitions of the requests topic").atMost(TIMEOUT).until(() -> {
                ConsumerGroupDescription group = admin.describeConsumerGroups(List.of(Topics.WORKER_GROUP))
                        .all().get(10, TimeUnit.SECONDS).get(Topics.WORKER_GROUP);
                return group.members().size() == 2 && group.members().stream()
                        .allMatch(member -> !member.assignment().topicPartitions().isEmpty());
            });
        }
    }

    private static List<ConsumerRecord<String, String>> readAllResults() {
        List<ConsumerRecord<String, String>> records = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, TestInfrastructure.shared().kafka().bootstrapServers(),
                ConsumerConfig.GROUP_ID_CONFIG, "it-" + UUID.randomUUID(),
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest"), new StringDeserializer(), new StringDeserializer())) {
            consumer.subscribe(List.of(Topics.RESULTS));
            int emptyPolls = 0;
            while (emptyPolls < 5) {
                var batch = consumer.poll(Duration.ofMillis(500));
                emptyPolls = batch.isEmpty() ? emptyPolls + 1 : 0;
                batch.forEach(records::add);
            }
        }
        return records;
    }

    private static JsonNode post(String api, String body) throws Exception {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(api + "/api/v1/jobs"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertTrue(response.statusCode() == 202 || response.statusCode() == 200, response.body());
        return json.readTree(response.body());
    }

    private static JsonNode awaitDone(String api, String id) throws Exception {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (true) {
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(
                    URI.create(api + "/api/v1/jobs/" + id + "?wait=20")).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, response.statusCode(), response.body());
            JsonNode job = json.readTree(response.body());
            if (job.get("status").asText().equals("DONE")) {
                return job;
            }
            assertTrue(System.nanoTime() < deadline, "job " + id + " did not finish: " + response.body());
        }
    }

    /** A random arrangement of 0..8: about half of them are unsolvable. */
    private static String randomBoard(Random random) {
        List<Integer> tiles = new ArrayList<>(List.of(0, 1, 2, 3, 4, 5, 6, 7, 8));
        java.util.Collections.shuffle(tiles, random);
        StringBuilder board = new StringBuilder();
        tiles.forEach(tile -> board.append(board.length() == 0 ? "" : " ").append(tile));
        return board.toString();
    }
}
