package io.npuzzle.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.npuzzle.core.board.Puzzle;
import io.npuzzle.protocol.Quality;
import io.npuzzle.protocol.RedisKeys;
import io.npuzzle.testsupport.FreePorts;
import io.npuzzle.testsupport.JobsClient;
import io.npuzzle.testsupport.RedisServer;
import io.npuzzle.testsupport.ServiceProcess;
import io.npuzzle.testsupport.TestInfrastructure;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * What one uncached quick job costs: the Redis round trips its path makes, counted by command with Redis'
 * {@code MONITOR} and each put down to its job by the job's id or its puzzle's keys, and the Kafka records it
 * sends, read from the services' Kafka client metrics, and the JSON passes over its records, read from the
 * services' {@code npuzzle_json_passes_total}. Each stays within the budget written out here, which is what the path
 * does, so that a change that adds a round trip, a record or a pass to the quick path fails this test until its
 * budget says why.
 */
class QuickJobCostIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    /** The longest wait a request may ask for (npuzzle.api.max-wait). */
    private static final int MAX_WAIT_SECONDS = 30;
    private static final int WARM_UP_JOBS = 5;
    private static final int JOBS = 40;
    /** Over this many jobs, an average above its budget by more than this means a round trip or record more. */
    private static final double SLACK = 0.5;

    /** One round trip to Redis that an uncached quick job makes: its command, and who makes it and why. */
    private record RoundTrip(String command, String what) {
    }

    /**
     * The round trips of an uncached quick job submitted and awaited in one request, in order; the cache look-up
     * goes to the cache's Redis, the rest to the job store's. Scripts go by their SHA once Redis holds them, which
     * the warm-up sees to. The worker answers a board an exact table covers without looking in the cache, and the
     * waiting request is woken with the finished job, so neither reads again.
     */
    private static final List<RoundTrip> SUBMITTED_AND_AWAITED = List.of(
            new RoundTrip("GET", "API, submission: the solution cache look-up (RedisSolutionCache.find)"),
            new RoundTrip("EVALSHA", "API, submission: the job created in its lane (JobScripts.CREATE_IN_LANE)"),
            new RoundTrip("EVALSHA", "worker: the job started, its delivery counted (JobScripts.START)"),
            new RoundTrip("EVALSHA", "worker: the solution cached, without waiting (JobScripts.STORE_SOLUTION)"),
            new RoundTrip("EVALSHA", "API, outcome consumer: the job finished, announced with its request and"
                    + " outcome to the waiting request (JobScripts.FINISH)"));
    /** A client that submits, then long-polls in a second request, reads the job once more before it waits. */
    private static final List<RoundTrip> SUBMITTED_THEN_POLLED = Stream.concat(SUBMITTED_AND_AWAITED.stream(),
            Stream.of(new RoundTrip("HGETALL", "API, long poll: the job before the wait (RedisJobStore.find)")))
            .toList();

    /**
     * The Kafka records an uncached quick job sends, by producer (its client id, named after its channel): the
     * request the API publishes and the outcome the worker publishes. Any other producer's budget is none.
     */
    private static final Map<String, Integer> API_RECORDS = Map.of("kafka-producer-solve-requests", 1);
    private static final Map<String, Integer> WORKER_RECORDS = Map.of("kafka-producer-solve-results", 1);

    /**
     * The JSON passes an uncached quick job waited for in its submission makes over the protocol's records, by
     * service and pass (the HTTP bodies, read and written by the REST layer, are not counted): the API encodes the
     * request once, for the job store and the topic, decodes the outcome once and stores it as it came, and decodes
     * the request the store gives back with it (for the meters, and the waiting request it wakes); the worker
     * decodes the request, and encodes the cache entry and the outcome.
     */
    private static final Map<String, Integer> API_PASSES = Map.of("encode SolveRequest", 1,
            "decode SolveOutcome", 1, "decode SolveRequest", 1);
    private static final Map<String, Integer> WORKER_PASSES = Map.of("decode SolveRequest", 1,
            "encode CachedSolution", 1, "encode SolveOutcome", 1);
    /** A long poll reads the job before it waits: its request, still without an outcome. */
    private static final Map<String, Integer> API_PASSES_POLLED = Map.of("encode SolveRequest", 1,
            "decode SolveOutcome", 1, "decode SolveRequest", 2);

    private static final Pattern JSON_PASSES =
            Pattern.compile("(?m)^npuzzle_json_passes_total\\{([^}]*)} (\\S+)$");
    private static final Pattern PASS = Pattern.compile("pass=\"([^\"]*)\"");
    private static final Pattern RECORD = Pattern.compile("record=\"([^\"]*)\"");

    private static final Pattern RECORDS_SENT =
            Pattern.compile("(?m)^kafka_producer_record_send_total\\{([^}]*)} (\\S+)$");
    private static final Pattern CLIENT_ID = Pattern.compile("client_id=\"([^\"]*)\"");

    private static final List<ServiceProcess> services = new ArrayList<>();
    private static int apiPort;
    private static int workerPort;
    private static JobsClient client;

    @BeforeAll
    static void startServices() {
        TestInfrastructure.shared().redis().flushAll();
        workerPort = FreePorts.next();
        apiPort = FreePorts.next();
        services.addAll(ServiceProcess.startTogether(List.of(
                () -> PackagedServices.startWorkerAsRun("cost-worker", workerPort, Map.of()),
                () -> PackagedServices.startApi("cost-api", apiPort))));
        client = new JobsClient(apiPort);
        SolveResults.awaitWorkersSharingThePartitions(1, TIMEOUT);
    }

    @AfterAll
    static void stopServices() {
        ServiceProcess.closeAll(services);
    }

    /** How the client waits for its job, and the round trips and the API's JSON passes its path makes that way. */
    private enum Waiting {
        IN_THE_SUBMISSION(SUBMITTED_AND_AWAITED, API_PASSES),
        IN_A_LONG_POLL(SUBMITTED_THEN_POLLED, API_PASSES_POLLED);

        final List<RoundTrip> path;
        final Map<String, Integer> apiPasses;

        Waiting(List<RoundTrip> path, Map<String, Integer> apiPasses) {
            this.path = path;
            this.apiPasses = apiPasses;
        }
    }

    @Test
    void anUncachedQuickJobSubmittedAndAwaitedInOneRequestCostsTheRoundTripsAndRecordsItsPathNeeds() {
        assertCostsItsPath(Waiting.IN_THE_SUBMISSION, new Random(20261212));
    }

    @Test
    void anUncachedQuickJobSubmittedThenLongPolledCostsOneReadMore() {
        assertCostsItsPath(Waiting.IN_A_LONG_POLL, new Random(20261213));
    }

    private static void assertCostsItsPath(Waiting waiting, Random random) {
        List<String> boards = TestBoards.distinctSolvable3x3(WARM_UP_JOBS + JOBS, random);
        boards.subList(0, WARM_UP_JOBS).forEach(board -> solve(board, waiting));

        // The services' solution cache is the job store's Redis unless configured apart, as here: one monitor.
        RedisServer redis = TestInfrastructure.shared().redis();
        Map<String, Double> apiRecordsBefore = recordsSent(apiPort);
        Map<String, Double> workerRecordsBefore = recordsSent(workerPort);
        Map<String, Double> apiPassesBefore = jsonPasses(apiPort);
        Map<String, Double> workerPassesBefore = jsonPasses(workerPort);
        List<Job> jobs = new ArrayList<>();
        List<Call> calls;
        try (RedisMonitor monitor = RedisMonitor.open(redis.port())) {
            for (String board : boards.subList(WARM_UP_JOBS, boards.size())) {
                jobs.add(solve(board, waiting));
            }
            calls = monitor.callsUntilMarked(redis);
        }
        Map<String, Double> apiRecords = perJob(apiRecordsBefore, recordsSent(apiPort));
        Map<String, Double> workerRecords = perJob(workerRecordsBefore, recordsSent(workerPort));
        Map<String, Double> apiPasses = perJob(apiPassesBefore, jsonPasses(apiPort));
        Map<String, Double> workerPasses = perJob(workerPassesBefore, jsonPasses(workerPort));

        Map<String, Double> roundTrips = new TreeMap<>();
        Map<String, Integer> unattributed = new TreeMap<>();
        for (Call call : calls) {
            if (jobs.stream().anyMatch(job -> job.mentionedBy(call.line()))) {
                roundTrips.merge(call.command(), 1.0 / JOBS, Double::sum);
            } else {
                unattributed.merge(call.command(), 1, Integer::sum);
            }
        }
        Map<String, Integer> budget = new TreeMap<>();
        waiting.path.forEach(trip -> budget.merge(trip.command(), 1, Integer::sum));
        double total = roundTrips.values().stream().mapToDouble(Double::doubleValue).sum();
        int totalBudget = waiting.path.size();

        print(waiting, roundTrips, budget, total, unattributed, apiRecords, workerRecords);
        printPasses(waiting, apiPasses, workerPasses);

        Set<String> commands = new TreeSet<>(budget.keySet());
        commands.addAll(roundTrips.keySet());
        for (String command : commands) {
            double measured = roundTrips.getOrDefault(command, 0.0);
            int allowed = budget.getOrDefault(command, 0);
            if (measured > allowed + SLACK) {
                fail(String.format(Locale.ROOT, "an uncached quick job made %.2f %s round trips to Redis on average,"
                        + " where its path needs %d: a change added one (per job: %s); if it must, add it to"
                        + " the path's list", measured, command, allowed, rounded(roundTrips)));
            }
        }
        if (total > totalBudget + SLACK) {
            fail(String.format(Locale.ROOT, "an uncached quick job made %.2f round trips to Redis on average, where"
                    + " its path needs %d (per job: %s)", total, totalBudget, rounded(roundTrips)));
        }
        if (total < totalBudget - SLACK) {
            fail(String.format(Locale.ROOT, "only %.2f round trips per job were seen, where the path always makes"
                    + " %d: the monitor missed them (%d lines read)", total, totalBudget, calls.size()));
        }

        assertWithinBudget("API", "Kafka records sent by", API_RECORDS, apiRecords);
        assertWithinBudget("worker", "Kafka records sent by", WORKER_RECORDS, workerRecords);
        assertWithinBudget("API", "JSON passes", waiting.apiPasses, apiPasses);
        assertWithinBudget("worker", "JSON passes", WORKER_PASSES, workerPasses);
    }

    /** JSON passes so far of the service on {@code port}, by pass and record ("encode SolveRequest"). */
    private static Map<String, Double> jsonPasses(int port) {
        return countedByName(port, JSON_PASSES, "npuzzle_json_passes_total", labels -> {
            Matcher pass = PASS.matcher(labels);
            Matcher record = RECORD.matcher(labels);
            assertTrue(pass.find() && record.find(), "a JSON pass without its kind: " + labels);
            return pass.group(1) + " " + record.group(1);
        });
    }

    private static void printPasses(Waiting waiting, Map<String, Double> apiPasses,
                                    Map<String, Double> workerPasses) {
        StringBuilder table = new StringBuilder(String.format(Locale.ROOT, "JSON passes per uncached quick job,"
                + " waited for %s, HTTP bodies aside:%n%-7s %-62s %8s %8s%n",
                waiting.name().toLowerCase(Locale.ROOT).replace('_', ' '), "service", "pass", "measured", "budget"));
        appendRows(table, "API", waiting.apiPasses, apiPasses);
        appendRows(table, "worker", WORKER_PASSES, workerPasses);
        System.out.println(table);
    }

    /** Submits a board, waits for it as {@code waiting} says, and checks that it was solved, not cached. */
    private static Job solve(String board, Waiting waiting) {
        String body = "{\"board\": \"" + board + "\", \"rows\": 3, \"cols\": 3, \"mode\": \"optimal\"}";
        JsonNode done = switch (waiting) {
            case IN_THE_SUBMISSION -> JobsClient.read(client.submit(body, MAX_WAIT_SECONDS).body());
            case IN_A_LONG_POLL -> client.awaitDone(client.accepted(body).get("id").asText(), TIMEOUT);
        };
        assertEquals("DONE", done.path("status").asText(), done.toString());
        String id = done.path("id").asText();
        assertTrue(done.at("/result/optimal").asBoolean(), done.toString());
        assertFalse(done.at("/result/cached").asBoolean(), "answered from the cache: " + done);
        String key = Puzzle.parse(board, 3, 3, null).canonicalKey();
        return new Job(id, RedisKeys.solution(key), RedisKeys.solving(key, Quality.OPTIMAL));
    }

    /** A measured job, by what its round trips name: its id, its puzzle's cache key and its puzzle's lock. */
    private record Job(String id, String solutionKey, String lockKey) {

        boolean mentionedBy(String line) {
            return line.contains(id) || line.contains(solutionKey) || line.contains(lockKey);
        }
    }

    /**
     * Fails where what the service did per job ({@code measured}: Kafka records by producer, JSON passes by pass and
     * record) is off its path's budget by more than the slack; what the budget does not name has a budget of none.
     */
    private static void assertWithinBudget(String service, String what, Map<String, Integer> budget,
                                           Map<String, Double> measured) {
        Set<String> names = new TreeSet<>(budget.keySet());
        names.addAll(measured.keySet());
        for (String name : names) {
            double done = measured.getOrDefault(name, 0.0);
            int allowed = budget.getOrDefault(name, 0);
            if (Math.abs(done - allowed) > SLACK) {
                fail(String.format(Locale.ROOT, "the %s made %.2f %s '%s' per uncached quick job, where its path"
                        + " needs %d (per job: %s)", service, done, what, name, allowed, rounded(measured)));
            }
        }
    }

    /** Records sent so far by each Kafka producer of the service on {@code port}, by client id. */
    private static Map<String, Double> recordsSent(int port) {
        return countedByName(port, RECORDS_SENT, "kafka_producer_record_send_total", labels -> {
            Matcher clientId = CLIENT_ID.matcher(labels);
            return clientId.find() ? clientId.group(1) : labels;
        });
    }

    /**
     * A counter of the service on {@code port} so far, its series ({@code series}: labels, then value) summed by the
     * name {@code nameOf} gives their labels; fails where the service has none of it.
     */
    private static Map<String, Double> countedByName(int port, Pattern series, String counter,
                                                     Function<String, String> nameOf) {
        String metrics = PackagedServices.workerGet(port, "/q/metrics").body();
        Map<String, Double> counted = new TreeMap<>();
        Matcher line = series.matcher(metrics);
        while (line.find()) {
            counted.merge(nameOf.apply(line.group(1)), Double.parseDouble(line.group(2)), Double::sum);
        }
        assertFalse(counted.isEmpty(), "no " + counter + " on port " + port);
        return counted;
    }

    private static Map<String, Double> perJob(Map<String, Double> before, Map<String, Double> after) {
        Map<String, Double> perJob = new TreeMap<>();
        after.forEach((producer, sent) -> perJob.put(producer, (sent - before.getOrDefault(producer, 0.0)) / JOBS));
        return perJob;
    }

    private static void print(Waiting waiting, Map<String, Double> roundTrips, Map<String, Integer> budget,
                              double total, Map<String, Integer> unattributed, Map<String, Double> apiRecords,
                              Map<String, Double> workerRecords) {
        StringBuilder table = new StringBuilder(String.format(Locale.ROOT,
                "%nRedis round trips per uncached quick job, waited for %s (%d jobs, one at a time):%n"
                + "%-10s %8s %8s%n", waiting.name().toLowerCase(Locale.ROOT).replace('_', ' '), JOBS, "command",
                "measured", "budget"));
        Set<String> commands = new TreeSet<>(budget.keySet());
        commands.addAll(roundTrips.keySet());
        for (String command : commands) {
            table.append(String.format(Locale.ROOT, "%-10s %8.2f %8d%n", command,
                    roundTrips.getOrDefault(command, 0.0), budget.getOrDefault(command, 0)));
        }
        table.append(String.format(Locale.ROOT, "%-10s %8.2f %8d%n", "total", total, waiting.path.size()));
        table.append("the path's round trips:%n".formatted());
        waiting.path.forEach(trip -> table.append(String.format(Locale.ROOT, "  %-8s %s%n", trip.command(),
                trip.what())));
        table.append(String.format(Locale.ROOT, "round trips meanwhile of no job (background), in all: %s%n",
                unattributed));
        table.append(String.format(Locale.ROOT, "Kafka records per uncached quick job, by producer:%n%-7s %-62s"
                + " %8s %8s%n", "service", "producer", "measured", "budget"));
        appendRows(table, "API", API_RECORDS, apiRecords);
        appendRows(table, "worker", WORKER_RECORDS, workerRecords);
        System.out.println(table);
    }

    /** A row for each producer or pass the budget or the measure names: measured and budget per job. */
    private static void appendRows(StringBuilder table, String service, Map<String, Integer> budget,
                                   Map<String, Double> measured) {
        Set<String> names = new TreeSet<>(budget.keySet());
        names.addAll(measured.keySet());
        names.forEach(name -> table.append(String.format(Locale.ROOT, "%-7s %-62s %8.2f %8d%n", service, name,
                measured.getOrDefault(name, 0.0), budget.getOrDefault(name, 0))));
    }

    /** Averages per job, to two places. */
    private static String rounded(Map<String, Double> perJob) {
        StringBuilder text = new StringBuilder();
        perJob.forEach((name, value) -> text.append(text.isEmpty() ? "" : ", ")
                .append(String.format(Locale.ROOT, "%s %.2f", name, value)));
        return text.toString();
    }

    /** One command a client sent to Redis, as MONITOR shows it: its name (upper-cased) and the whole line. */
    private record Call(String command, String line) {
    }

    /**
     * A connection in MONITOR mode, its lines read on a thread of its own. Commands that scripts run show as
     * {@code [0 lua]}: they are no round trips, and are left out.
     */
    private static final class RedisMonitor implements AutoCloseable {

        /** {@code <time> [<db> <client>] "<COMMAND>" ...}; a script's commands have the client {@code lua}. */
        private static final Pattern LINE = Pattern.compile("^\\+\\S+ \\[\\d+ ([^]]*)] \"([^\"]*)\"");
        private static final String MARK = "npuzzle-cost-mark";

        private final Socket socket;
        private final List<String> lines = Collections.synchronizedList(new ArrayList<>());
        private volatile boolean ok;

        private RedisMonitor(Socket socket) {
            this.socket = socket;
        }

        static RedisMonitor open(int port) {
            try {
                Socket socket = new Socket();
                socket.connect(new InetSocketAddress("127.0.0.1", port), 1000);
                RedisMonitor monitor = new RedisMonitor(socket);
                Thread reader = new Thread(monitor::read, "redis-monitor");
                reader.setDaemon(true);
                reader.start();
                OutputStream out = socket.getOutputStream();
                out.write("MONITOR\r\n".getBytes(StandardCharsets.US_ASCII));
                out.flush();
                Awaitility.await("MONITOR answered +OK").atMost(Duration.ofSeconds(10)).until(() -> monitor.ok);
                return monitor;
            } catch (IOException e) {
                throw new UncheckedIOException("could not monitor the Redis on port " + port, e);
            }
        }

        private void read() {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(),
                    StandardCharsets.ISO_8859_1))) {
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                    if (!ok) {
                        ok = line.equals("+OK");
                    } else {
                        lines.add(line);
                    }
                }
            } catch (IOException closed) {
                // The test closed the connection.
            }
        }

        /**
         * The clients' commands seen so far: sends a mark through another connection and waits for it, so that
         * every command sent before is in.
         */
        List<Call> callsUntilMarked(RedisServer redis) {
            String mark = MARK + "-" + System.nanoTime();
            redis.call("ECHO " + mark);
            Awaitility.await("the monitor saw the mark").atMost(Duration.ofSeconds(10))
                    .until(() -> List.copyOf(lines).stream().anyMatch(line -> line.contains(mark)));
            List<Call> calls = new ArrayList<>();
            for (String line : List.copyOf(lines)) {
                if (line.contains(mark)) {
                    break;
                }
                Matcher parsed = LINE.matcher(line);
                assertTrue(parsed.find(), "not a MONITOR line: " + line);
                if (!parsed.group(1).equals("lua")) {
                    calls.add(new Call(parsed.group(2).toUpperCase(Locale.ROOT), line));
                }
            }
            return calls;
        }

        @Override
        public void close() {
            try {
                socket.close();
            } catch (IOException e) {
                // Closing anyway.
            }
        }
    }
}
