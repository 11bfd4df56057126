package io.npuzzle.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.npuzzle.core.board.Board;
import io.npuzzle.core.board.BoardParser;
import io.npuzzle.core.board.Shape;
import io.npuzzle.protocol.Topics;
import io.npuzzle.testsupport.FreePorts;
import io.npuzzle.testsupport.JobsClient;
import io.npuzzle.testsupport.ServiceProcess;
import io.npuzzle.testsupport.TestInfrastructure;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One hard optimal job shared by three worker processes over the real broker and Redis: searches split after
 * 100 ms into up to 32 tasks per iteration. The answer is the optimal length whoever searched what, also when a worker is
 * killed mid-search (its tasks are redelivered) or the coordinator is (another worker gets the job and takes the
 * search over where it stood in Redis); cancelling stops every task. The services start once for the class, and a
 * worker a test kills is started again after it; each test reads only what the workers logged and counted since
 * it began.
 */
class SplitSearchIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(120);
    private static final Pattern TASKS = Pattern.compile("npuzzle_search_tasks_total\\{[^}]*outcome=\"(\\w+)\"[^}]*} (\\S+)");
    private static final Shape SHAPE = Shape.of(4, 4);
    private static final String BLANK_FIRST = "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15";
    private static final int WORKERS = 3;

    /** The workers, each started once for the class and again after a test killed it. */
    private static final ServiceProcess[] workers = new ServiceProcess[WORKERS];
    private static final int[] workerPorts = new int[WORKERS];
    private static ServiceProcess api;
    private static JobsClient client;
    /** How much each worker had logged when the test began: a test reads only what came after. */
    private final int[] logMarks = new int[WORKERS];

    @BeforeAll
    static void startServices() {
        TestInfrastructure.shared().redis().flushAll();
        List<Supplier<ServiceProcess>> starters = new ArrayList<>();
        for (int i = 0; i < WORKERS; i++) {
            workerPorts[i] = FreePorts.next();
            int worker = i;
            starters.add(() -> startWorker(worker));
        }
        int port = FreePorts.next();
        starters.add(() -> PackagedServices.startApi("split-api", port));
        List<ServiceProcess> started = ServiceProcess.startTogether(starters);
        for (int i = 0; i < WORKERS; i++) {
            workers[i] = started.get(i);
        }
        api = started.get(WORKERS);
        client = new JobsClient(port);
        awaitWorkersSharing();
    }

    private static ServiceProcess startWorker(int i) {
        return PackagedServices.startWorkerAsRun("split-worker-" + i, workerPorts[i], Map.of(
                "npuzzle.worker.split-after", "100ms", "npuzzle.worker.search.tasks", "32",
                "npuzzle.worker.search.task-nodes", "10000"));
    }

    private static void awaitWorkersSharing() {
        SolveResults.awaitWorkersSharingThePartitions(WORKERS, TIMEOUT);
        SolveResults.awaitWorkersSharingThePartitions(Topics.SEARCH_GROUP, WORKERS, TIMEOUT);
    }

    @BeforeEach
    void markLogs() {
        for (int i = 0; i < WORKERS; i++) {
            logMarks[i] = workers[i].output().length();
        }
    }

    /** A worker a test killed is started again, so that the next test has all three. */
    @AfterEach
    void restartKilledWorkers() {
        boolean restarted = false;
        for (int i = 0; i < WORKERS; i++) {
            if (!workers[i].isAlive()) {
                workers[i] = startWorker(i);
                restarted = true;
            }
        }
        if (restarted) {
            awaitWorkersSharing();
        }
    }

    @AfterAll
    static void stopServices() {
        List<ServiceProcess> services = new ArrayList<>(List.of(workers));
        services.add(api);
        ServiceProcess.closeAll(services);
    }

    @Test
    void threeWorkersShareOneHardSearchAndAnswerTheOptimalLength() {
        // Korf's instance 60: 66 moves, about 7 M nodes with the 6-6-3 databases.
        String board = "11 14 13 1 2 3 12 4 15 7 9 5 10 6 8 0";
        double[] searchedBefore = new double[WORKERS];
        for (int i = 0; i < WORKERS; i++) {
            searchedBefore[i] = tasks(i, "exhausted") + tasks(i, "solved");
        }
        String id = client.accepted(JobsClient.body(board, BLANK_FIRST, "optimal")).get("id").asText();
        JsonNode progress = awaitSplit(id);
        assertTrue(progress.get("tasks").asInt() > 1, progress.toString());

        JsonNode done = client.awaitDone(id, TIMEOUT);
        assertOptimal(board, 66, done);
        int tookPart = 0;
        for (int i = 0; i < WORKERS; i++) {
            tookPart += tasks(i, "exhausted") + tasks(i, "solved") > searchedBefore[i] ? 1 : 0;
        }
        assertTrue(tookPart >= 2, "tasks were searched by " + tookPart + " workers");
    }

    @Test
    void aWorkerKilledMidSearchLosesNothing() {
        // Korf's instance 82: 62 moves.
        String board = "14 10 2 1 13 9 8 11 7 3 6 12 15 5 4 0";
        String id = client.accepted(JobsClient.body(board, BLANK_FIRST, "optimal")).get("id").asText();
        awaitSplit(id);
        workers[workerWhere(false)].kill();

        assertOptimal(board, 62, client.awaitDone(id, TIMEOUT));
    }

    @Test
    void whenTheCoordinatorDiesAnotherWorkerTakesTheSearchOver() {
        // A random board: 62 moves, about 13 M nodes.
        String board = "13 3 6 15 11 14 10 4 12 7 8 2 5 0 9 1";
        String id = client.accepted(JobsClient.body(board, null, "optimal")).get("id").asText();
        awaitSplit(id);
        int coordinator = workerWhere(true);
        workers[coordinator].kill();

        JsonNode done = client.awaitDone(id, TIMEOUT);
        assertEquals(62, done.at("/result/length").asInt(), done.toString());
        boolean takenOver = false;
        for (int i = 0; i < WORKERS; i++) {
            takenOver |= i != coordinator && logSinceMark(i).contains("taking split search");
        }
        assertTrue(takenOver, "another worker took the search over");
    }

    @Test
    void cancellingTheJobStopsEveryTask() {
        // The board of the takeover test mirrored on the diagonal (62 moves, as many nodes), so that its search
        // still runs when the first report of its tasks is due, a second after it started: a board of 58 moves
        // could end first, and the test then waited for a split it never saw.
        String board = "4 11 15 2 9 8 10 0 6 7 14 3 12 13 5 1";
        String id = client.accepted(JobsClient.body(board, null, "optimal")).get("id").asText();
        awaitSplit(id);
        assertEquals(200, client.cancel(id).statusCode());

        Awaitility.await("the search forgotten").atMost(Duration.ofSeconds(2)).pollInterval(Duration.ofMillis(50))
                .until(() -> TestInfrastructure.shared().redis().call("KEYS npuzzle:search:*").equals("*0"));
        assertEquals("CANCELLED", client.awaitFinished(id, TIMEOUT).get("status").asText());
        double[] counted = {allTasks()};
        Awaitility.await("no task left running").atMost(Duration.ofSeconds(3)).during(Duration.ofMillis(500))
                .pollInterval(Duration.ofMillis(100)).until(() -> {
                    double now = allTasks();
                    boolean still = now == counted[0];
                    counted[0] = now;
                    return still;
                });
    }

    /** The job's progress once its search has been split into tasks. */
    private JsonNode awaitSplit(String id) {
        JsonNode[] progress = new JsonNode[1];
        Awaitility.await("the search split into tasks").atMost(TIMEOUT).pollInterval(Duration.ofMillis(50))
                .until(() -> {
                    progress[0] = JobsClient.read(client.get(id).body()).get("progress");
                    return progress[0] != null && progress[0].hasNonNull("tasks");
                });
        return progress[0];
    }

    /** The first worker that coordinates this test's search, or the first that does not. */
    private int workerWhere(boolean coordinates) {
        for (int i = 0; i < WORKERS; i++) {
            if (logSinceMark(i).contains("splitting search") == coordinates) {
                return i;
            }
        }
        throw new AssertionError("no worker " + (coordinates ? "coordinates" : "only searches tasks"));
    }

    private String logSinceMark(int worker) {
        return workers[worker].output().substring(logMarks[worker]);
    }

    private static void assertOptimal(String board, int length, JsonNode done) {
        assertEquals(length, done.at("/result/length").asInt(), done.toString());
        assertTrue(done.at("/result/optimal").asBoolean());
        Board start = BoardParser.parse(board, SHAPE);
        assertEquals(Board.blankFirst(SHAPE), start.apply(done.at("/result/moves").asText()));
    }

    private double allTasks() {
        double sum = 0;
        for (int i = 0; i < WORKERS; i++) {
            if (workers[i].isAlive()) {
                for (String outcome : List.of("solved", "exhausted", "stopped", "skipped")) {
                    sum += tasks(i, outcome);
                }
            }
        }
        return sum;
    }

    private double tasks(int worker, String outcome) {
        Matcher count = TASKS.matcher(PackagedServices.workerGet(workerPorts[worker], "/q/metrics").body());
        double sum = 0;
        while (count.find()) {
            if (count.group(1).equals(outcome)) {
                sum += Double.parseDouble(count.group(2));
            }
        }
        return sum;
    }

}
