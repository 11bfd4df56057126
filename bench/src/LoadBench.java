import io.npuzzle.core.board.Board;
import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.board.Shape;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Drives a running solve service with N concurrent clients and prints jobs/s and p50/p99 submit-to-DONE latency,
 * first for 3x3 boards the service has not seen (uncached), then for the same boards again (cached). Every job
 * must end DONE; a submission refused with 503 (a server briefly away) is sent again and counted.
 *
 * Usage: LoadBench [--url http://localhost:8080] [--clients 16] [--jobs 2000]
 */
public class LoadBench {

    private static final Pattern ID = Pattern.compile("\"id\"\\s*:\\s*\"([0-9a-f-]{36})\"");
    private static final Pattern STATUS = Pattern.compile("\"status\"\\s*:\\s*\"([A-Z]+)\"");

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final String url;
    private final Set<String> jobIds = ConcurrentHashMap.newKeySet();
    private final AtomicInteger queued = new AtomicInteger();
    private final AtomicInteger refused = new AtomicInteger();

    LoadBench(String url) {
        this.url = url;
    }

    public static void main(String[] args) throws Exception {
        String url = "http://localhost:8080";
        int clients = 16;
        int jobs = 2000;
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--url" -> url = args[i + 1];
                case "--clients" -> clients = Integer.parseInt(args[i + 1]);
                case "--jobs" -> jobs = Integer.parseInt(args[i + 1]);
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        LoadBench bench = new LoadBench(url);
        List<String> boards = freshBoards(jobs, new Random(System.nanoTime()));
        bench.run("warm-up", freshBoards(Math.min(200, jobs), new Random(System.nanoTime())), clients, false);
        System.out.printf("%d clients against %s%n", clients, url);
        bench.run("uncached 3x3", boards, clients, true);
        bench.run("cached 3x3", boards, clients, true);
        System.out.printf("%d distinct jobs, all DONE; %d queued for the workers; %d submissions refused with 503 and"
                + " sent again%n", bench.jobIds.size(), bench.queued.get(), bench.refused.get());
    }

    /** Distinct random solvable 3x3 boards. */
    static List<String> freshBoards(int count, Random random) {
        Shape shape = Shape.of(3, 3);
        Set<String> seen = new HashSet<>();
        List<String> boards = new ArrayList<>(count);
        int[] tiles = {0, 1, 2, 3, 4, 5, 6, 7, 8};
        while (boards.size() < count) {
            for (int i = tiles.length - 1; i > 0; i--) {
                int j = random.nextInt(i + 1);
                int t = tiles[i];
                tiles[i] = tiles[j];
                tiles[j] = t;
            }
            Board board = Board.of(shape, tiles);
            if (Puzzle.of(board).isSolvable() && seen.add(board.toString())) {
                boards.add(board.toString());
            }
        }
        return boards;
    }

    void run(String name, List<String> boards, int clients, boolean report) throws Exception {
        ConcurrentLinkedQueue<String> queue = new ConcurrentLinkedQueue<>(boards);
        long[] latencies = new long[boards.size()];
        AtomicInteger done = new AtomicInteger();
        AtomicInteger answeredAtOnce = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        long started = System.nanoTime();
        List<Future<?>> futures = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            futures.add(pool.submit(() -> {
                for (String board = queue.poll(); board != null; board = queue.poll()) {
                    long t0 = System.nanoTime();
                    if (solve(board)) {
                        answeredAtOnce.incrementAndGet();
                    }
                    latencies[done.getAndIncrement()] = System.nanoTime() - t0;
                }
                return null;
            }));
        }
        for (Future<?> future : futures) {
            future.get();
        }
        long elapsed = System.nanoTime() - started;
        pool.shutdown();
        if (report) {
            long[] sorted = Arrays.copyOf(latencies, done.get());
            Arrays.sort(sorted);
            System.out.printf("%-13s %6d jobs  %7.0f jobs/s  p50 %6.2f ms  p99 %7.2f ms  max %8.2f ms"
                            + "  (%d answered at once from the cache)%n",
                    name, sorted.length, sorted.length / (elapsed / 1e9), percentile(sorted, 50), percentile(sorted, 99),
                    percentile(sorted, 100), answeredAtOnce.get());
        }
    }

    /** Submits a board and waits until its job is DONE; true when the submission itself came back DONE. */
    boolean solve(String board) throws Exception {
        HttpResponse<String> submitted = submit(board);
        while (submitted.statusCode() == 503) {
            refused.incrementAndGet();
            Thread.sleep(100);
            submitted = submit(board);
        }
        if (submitted.statusCode() != 200 && submitted.statusCode() != 202) {
            throw new IllegalStateException("submit answered " + submitted.statusCode() + ": " + submitted.body());
        }
        String id = field(ID, submitted.body());
        if (!jobIds.add(id)) {
            throw new IllegalStateException("job id " + id + " was issued twice");
        }
        if (submitted.statusCode() == 200) {
            return true;
        }
        queued.incrementAndGet();
        while (true) {
            HttpResponse<String> polled = http.send(HttpRequest.newBuilder(
                    URI.create(url + "/api/v1/jobs/" + id + "?wait=10")).build(), HttpResponse.BodyHandlers.ofString());
            String status = field(STATUS, polled.body());
            if (status.equals("DONE")) {
                return false;
            }
            if (status.equals("FAILED")) {
                throw new IllegalStateException("job " + id + " failed: " + polled.body());
            }
        }
    }

    private HttpResponse<String> submit(String board) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(url + "/api/v1/jobs"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"board\": \"" + board + "\"}")).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static String field(Pattern pattern, String json) {
        Matcher matcher = pattern.matcher(json);
        if (!matcher.find()) {
            throw new IllegalStateException("unexpected answer: " + json);
        }
        return matcher.group(1);
    }

    private static double percentile(long[] sorted, int p) {
        if (sorted.length == 0) {
            return 0;
        }
        int index = (int) Math.ceil(p / 100.0 * sorted.length) - 1;
        return sorted[Math.max(0, index)] / 1e6;
    }
}
