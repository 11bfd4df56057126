package io.npuzzle.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.npuzzle.protocol.Hashes;
import io.npuzzle.testsupport.FreePorts;
import io.npuzzle.testsupport.JobsClient;
import io.npuzzle.testsupport.ServiceProcess;
import io.npuzzle.testsupport.TestInfrastructure;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Fair share between clients, end to end over HTTP: the packaged API with API keys for clients a, b and c (c of
 * weight 2), one packaged worker, the shared broker and Redis. The worker has one heavy slot and never splits a
 * search, so its heavy jobs run one after another and the order they finish in is the order they started in. Every
 * heavy job (an optimal search of a 6x6 board) runs for the heavy budget and every quick job (a fast answer for an
 * 8x8 board) for the quick one: their budgets are times, so the lanes drain at the same pace on a busy machine.
 */
class FairShareIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(120);
    private static final int HEAVY_WINDOW = 1;
    private static final int QUICK_WINDOW = 4;
    /** One worker with one heavy solve at a time. */
    private static final int HEAVY_SLOTS = 1;
    private static final int QUICK_SLOTS = 2;
    /**
     * Quick jobs the worker has started at once, solving or waiting for a quick slot: many, so that B's job, once
     * started, would wait behind many of A's were the slots first come first served.
     */
    private static final int QUICK_IN_FLIGHT = 16;
    private static final Duration HEAVY_BUDGET = Duration.ofSeconds(1);
    private static final Duration QUICK_BUDGET = Duration.ofMillis(250);

    private static final int FLOOD_HEAVY = 20;
    /** A quick backlog that takes the worker's quick slots many seconds to drain. */
    private static final int FLOOD_QUICK = 160;
    /** B's quick job waits for no more than the quick window and the jobs in flight: a few quick budgets. */
    private static final Duration QUICK_BOUND = Duration.ofSeconds(5);
    /**
     * A's quick jobs that may finish while B's waits and runs: each of the window's jobs published before it frees a
     * place in flight, one more frees B's; then B takes the next quick slot to free, ahead of A's jobs in flight
     * waiting for one, and the other slots finish some of A's meanwhile; twice that, for the timing of a busy
     * machine. Were the slots first come first served, the jobs in flight ahead of B's (up to 14) would finish
     * first too.
     */
    private static final int QUICK_AHEAD = 2 * (QUICK_WINDOW + QUICK_SLOTS);
    private static final int SHARE_JOBS = 10;
    /** Turns each of two equal clients has in the starts observed. */
    private static final int SHARE_TURNS = 4;
    private static final int WEIGHT_JOBS = 12;
    /** Rounds of three starts (two for the client of weight 2, one for the other) observed. */
    private static final int WEIGHT_ROUNDS = 4;
    private static final Set<String> FINAL = Set.of("DONE", "FAILED", "CANCELLED");

    private static final List<ServiceProcess> services = new ArrayList<>();
    private static JobsClient a;
    private static JobsClient b;
    private static JobsClient c;
    /** The jobs a test submitted, each with the client that may see it. */
    private final Map<String, JobsClient> submitted = new LinkedHashMap<>();

    @BeforeAll
    static void startServices() throws IOException {
        TestInfrastructure.shared().redis().flushAll();
        // A store of its own: the fast answers read the same databases whatever this machine has stored.
        String databases = Files.createTempDirectory(TestInfrastructure.WORK_DIR, "fair-share-databases").toString();
        services.add(PackagedServices.startWorkerAsRun("fair-share-worker", FreePorts.next(), Map.of(
                "npuzzle.worker.heavy.concurrency", Integer.toString(HEAVY_SLOTS),
                "npuzzle.worker.heavy.max-time", HEAVY_BUDGET.toString(),
                "npuzzle.worker.search.split", "false",
                "npuzzle.worker.concurrency", Integer.toString(QUICK_SLOTS),
                "npuzzle.worker.in-flight", Integer.toString(QUICK_IN_FLIGHT),
                "npuzzle.worker.solve.max-time", QUICK_BUDGET.toString(),
                "npuzzle.worker.databases.directory", databases)));
        Map<String, String> keys = Map.of("a", key(), "b", key(), "c", key());
        Map<String, String> settings = new LinkedHashMap<>(Map.of(
                "npuzzle.api.auth.enabled", "true",
                "npuzzle.api.fair-share.quick-window", Integer.toString(QUICK_WINDOW),
                "npuzzle.api.fair-share.heavy-window", Integer.toString(HEAVY_WINDOW),
                "npuzzle.api.fair-share.dispatch-period", "PT0.25S",
                "npuzzle.api.fair-share.weights.c", "2"));
        keys.forEach((name, key) -> settings.put("npuzzle.api.auth.keys." + name, "sha256:" + Hashes.sha256Hex(key)));
        int port = FreePorts.next();
        services.add(PackagedServices.startApi("fair-share-api", port, settings));
        JobsClient api = new JobsClient(port);
        a = api.withKey(keys.get("a"));
        b = api.withKey(keys.get("b"));
        c = api.withKey(keys.get("c"));
        // One job of each lane through, so that the worker consumes both before any test counts starts.
        Random random = new Random(1);
        a.awaitFinished(a.accepted(heavyJob(random)).get("id").asText(), TIMEOUT);
        a.awaitDone(a.accepted(quickJob(random)).get("id").asText(), TIMEOUT);
    }

    @AfterAll
    static void stopServices() {
        ServiceProcess.closeAll(services);
    }

    /** Cancels what a test left unfinished and waits until no client has a job waiting its turn. */
    @AfterEach
    void leaveTheLanesEmpty() {
        submitted.forEach((id, client) -> {
            if (!FINAL.contains(client.status(id))) {
                client.cancel(id);
            }
        });
        submitted.forEach((id, client) -> client.awaitFinished(id, TIMEOUT));
        for (JobsClient client : List.of(a, b, c)) {
            Awaitility.await("no job waits its turn").atMost(TIMEOUT).pollInterval(Duration.ofMillis(100))
                    .until(() -> waiting(client, "quick") + waiting(client, "heavy") == 0);
        }
        submitted.clear();
    }

    @Test
    void oneClientsFloodNeitherHoldsUpAnotherClientsJobsNorLosesAnyOfItsOwn() {
        Random random = new Random(20261206);
        List<String> aHeavy = submitAll(a, times(FLOOD_HEAVY, () -> heavyJob(random)));
        List<String> aQuick = submitAll(a, times(FLOOD_QUICK, () -> quickJob(random)));
        int aHeavyWaiting = waiting(a, "heavy");
        int aQuickWaiting = waiting(a, "quick");
        assertTrue(aHeavyWaiting > FLOOD_HEAVY / 2, "A's heavy jobs wait their turn: " + aHeavyWaiting);
        assertTrue(aQuickWaiting > FLOOD_QUICK / 2, "A's quick jobs wait their turn: " + aQuickWaiting);
        assertEquals(0, waiting(b, "heavy") + waiting(b, "quick"), "B sees its own queue, empty");

        List<String> aHeavyQueued = aHeavy.stream().filter(id -> a.status(id).equals("QUEUED")).toList();
        String bHeavy = submit(b, heavyJob(random));
        long quickSubmitted = System.nanoTime();
        Instant quickSubmittedAt = Instant.now();
        String bQuick = submit(b, quickJob(random));
        Instant bQuickFinished = finishedAt(b.awaitDone(bQuick, TIMEOUT));
        Duration quickWait = Duration.ofNanos(System.nanoTime() - quickSubmitted);
        assertTrue(quickWait.compareTo(QUICK_BOUND) < 0, "B's quick job took " + quickWait + " behind "
                + aQuickWaiting + " of A's");
        long aQuickAhead = aQuick.stream().map(id -> JobsClient.read(a.get(id).body()))
                .filter(job -> job.hasNonNull("finishedAt")).filter(job -> finishedAt(job).isAfter(quickSubmittedAt))
                .filter(job -> finishedAt(job).isBefore(bQuickFinished)).count();
        assertTrue(aQuickAhead <= QUICK_AHEAD, aQuickAhead + " of A's quick jobs finished while B's waited and ran");

        Instant bHeavyFinished = finishedAt(b.awaitFinished(bHeavy, TIMEOUT));
        List<String> aAll = new ArrayList<>(aHeavy);
        aAll.addAll(aQuick);
        Map<String, JsonNode> aJobs = new LinkedHashMap<>();
        for (String id : aAll) {
            aJobs.put(id, a.awaitFinished(id, TIMEOUT));
        }
        aJobs.values().forEach(job -> assertTrue(Set.of("DONE", "FAILED").contains(job.get("status").asText()),
                "A's job ended: " + job));
        // Ahead of B's: at most a job of A's published for a slot that had just freed as B submitted. The worker's
        // slot says when it waits, so none of A's is published ahead of B's for a slot still busy.
        long aHeavyAhead = aHeavyQueued.stream()
                .filter(id -> finishedAt(aJobs.get(id)).isBefore(bHeavyFinished)).count();
        assertTrue(aHeavyAhead <= HEAVY_SLOTS, aHeavyAhead + " of the " + aHeavyQueued.size()
                + " heavy jobs A had queued started before B's");
        assertEquals(0, waiting(a, "heavy") + waiting(a, "quick"), "A has nothing left waiting");
    }

    @Test
    void twoClientsWithEqualHeavyBacklogsTakeTurnsOnTheHeavySlot() {
        Random random = new Random(7);
        List<String> aJobs = submitAll(a, times(SHARE_JOBS, () -> heavyJob(random)));
        List<String> bJobs = submitAll(b, times(SHARE_JOBS, () -> heavyJob(random)));
        List<String> turns = startsAfter(startsOwedToTheFirst(a, aJobs), 2 * SHARE_TURNS);
        long bTurns = turns.stream().filter(bJobs::contains).count();
        // One turn either way: two jobs published together may start in either order.
        assertTrue(Math.abs(bTurns - SHARE_TURNS) <= 1, "B had " + bTurns + " of " + turns.size() + " heavy starts");
    }

    @Test
    void aClientOfWeightTwoGetsTwoHeavyStartsForEachOfAClientOfWeightOne() {
        Random random = new Random(11);
        List<String> aJobs = submitAll(a, times(WEIGHT_JOBS, () -> heavyJob(random)));
        List<String> cJobs = submitAll(c, times(WEIGHT_JOBS, () -> heavyJob(random)));
        List<String> turns = startsAfter(startsOwedToTheFirst(a, aJobs), 3 * WEIGHT_ROUNDS);
        long cTurns = turns.stream().filter(cJobs::contains).count();
        // One turn either way, as for equal weights, which would give C half of them.
        assertTrue(Math.abs(cTurns - 2 * WEIGHT_ROUNDS) <= 1, "C, of weight 2, had " + cTurns + " of "
                + turns.size() + " heavy starts");
    }

    /**
     * The heavy starts owed to the first client's backlog before the second one's jobs waited: those it had started
     * when the second one's were all accepted, and at most a window more that were published then.
     */
    private static int startsOwedToTheFirst(JobsClient first, List<String> jobs) {
        return (int) jobs.stream().filter(id -> !first.status(id).equals("QUEUED")).count() + HEAVY_WINDOW;
    }

    /** This test's heavy jobs in the order they started, from the one after {@code skipped}, {@code count} of them. */
    private List<String> startsAfter(int skipped, int count) {
        AtomicReference<List<JsonNode>> finished = new AtomicReference<>();
        Awaitility.await((skipped + count) + " heavy jobs ended").atMost(TIMEOUT).pollInterval(Duration.ofMillis(250))
                .until(() -> {
                    List<JsonNode> ended = new ArrayList<>();
                    submitted.forEach((id, client) -> {
                        JsonNode job = JobsClient.read(client.get(id).body());
                        if (FINAL.contains(job.get("status").asText())) {
                            ended.add(job);
                        }
                    });
                    finished.set(ended);
                    return ended.size() >= skipped + count;
                });
        List<String> inOrder = finished.get().stream().sorted(Comparator.comparing(FairShareIT::finishedAt))
                .map(job -> job.get("id").asText()).toList();
        return inOrder.subList(skipped, skipped + count);
    }

    private String submit(JobsClient client, String body) {
        String id = client.accepted(body).get("id").asText();
        submitted.put(id, client);
        return id;
    }

    /** Submits the jobs in one batch; their ids, in order. */
    private List<String> submitAll(JobsClient client, List<String> bodies) {
        HttpResponse<String> response = client.submitBatch("{\"jobs\": [" + String.join(", ", bodies) + "]}");
        assertEquals(202, response.statusCode(), response.body());
        List<String> ids = new ArrayList<>();
        for (JsonNode job : JobsClient.read(response.body()).get("jobs")) {
            assertTrue(job.hasNonNull("id"), "accepted: " + job);
            ids.add(job.get("id").asText());
            submitted.put(job.get("id").asText(), client);
        }
        return ids;
    }

    private static List<String> times(int count, Supplier<String> job) {
        return Stream.generate(job).limit(count).toList();
    }

    private static String heavyJob(Random random) {
        return "{\"board\": \"" + TestBoards.randomSolvable(6, 6, random) + "\", \"rows\": 6, \"cols\": 6,"
                + " \"mode\": \"optimal\"}";
    }

    private static String quickJob(Random random) {
        return "{\"board\": \"" + TestBoards.randomSolvable(8, 8, random) + "\", \"rows\": 8, \"cols\": 8,"
                + " \"mode\": \"fast\"}";
    }

    private static int waiting(JobsClient client, String lane) {
        HttpResponse<String> response = client.queue();
        assertEquals(200, response.statusCode(), response.body());
        return JobsClient.read(response.body()).get(lane).asInt();
    }

    private static Instant finishedAt(JsonNode job) {
        return Instant.parse(job.get("finishedAt").asText());
    }

    private static String key() {
        return "npz_" + UUID.randomUUID().toString().replace("-", "");
    }
}
