import io.npuzzle.core.board.Board;
import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.board.Shape;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Drives a running solve service with 3x3 boards, first ones the service has not seen (uncached), then the same
 * boards again (cached). Every job must end DONE.
 * <p>Closed loop (the default): N concurrent clients, each submitting and waiting for its job before the next;
 * prints jobs/s and p50/p99 submit-to-DONE latency. A submission refused with 503 (a server briefly away) is sent
 * again and counted.
 * <p>Open loop ({@code --rates}): submissions at a fixed rate, step by step, whatever the answers' pace, each
 * latency counted from the moment the schedule meant to send it (so a stalled service is not measured by the few
 * requests it let through: coordinated omission corrected, as wrk2 does); prints per step the jobs/s reached and
 * p50/p99/p99.9 of the submit and of submit-to-DONE. With {@code --redis}, also the Redis commands per job, from
 * INFO commandstats before and after each step (commands that scripts run included), and at the end the Redis
 * round trips of one uncached job by command: MONITOR on each Redis while 100 jobs run at 20 a second, less what
 * the same time idle gives (the services' own ticks), commands from scripts left out.
 * <p>After each closed-loop pass, what a job cost the services in Kafka records sent and JSON passes over the
 * protocol's records (HTTP bodies aside), from the {@code kafka_producer_record_send_total} and
 * {@code npuzzle_json_passes_total} of each service named by {@code --metrics} (by default the API at
 * {@code --url} and the first worker {@code bin/run} starts), read before and after the pass.
 * <p>Either waits for each job in its submission ({@code POST ?wait=}, one request a job: the default) or, with
 * {@code --wait-in poll}, in long polls after it; waiting in the submission, the submit's latency is the job's.
 *
 * Usage: LoadBench [--url http://localhost:8080] [--wait-in submission|poll] [--clients 16] [--jobs 2000]
 *                  [--metrics http://localhost:8080,http://localhost:8081]
 *        LoadBench [--url ...] [--wait-in ...] --rates 250,500,1000 [--seconds 10]
 *                  [--redis localhost:6379,localhost:6380]
 */
public class LoadBench {

    private static final Pattern ID = Pattern.compile("\"id\"\\s*:\\s*\"([0-9a-f-]{36})\"");
    private static final Pattern STATUS = Pattern.compile("\"status\"\\s*:\\s*\"([A-Z]+)\"");
    private static final Pattern CACHED = Pattern.compile("\"cached\"\\s*:\\s*true");
    /** The metrics of the first worker bin/run starts, beside its API. */
    private static final String FIRST_WORKER = "http://localhost:8081";
    /** Seconds a request waits for its job to finish. */
    private static final int WAIT_SECONDS = 10;

    /** Where a closed-loop client waits for its job: in the submission itself, or in a long poll after it. */
    enum WaitIn { SUBMISSION, POLL }

    /**
     * HTTP/1.1, a connection for each request in flight, as wrk and most clients load a service: Java's client
     * would otherwise upgrade to HTTP/2 and carry every request on one connection, which one event loop serves.
     */
    static HttpClient client() {
        return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5))
                .build();
    }

    private final HttpClient http = client();
    private final String url;
    private final WaitIn waitIn;
    private final Set<String> jobIds = ConcurrentHashMap.newKeySet();
    private final AtomicInteger queued = new AtomicInteger();
    private final AtomicInteger refused = new AtomicInteger();

    LoadBench(String url, WaitIn waitIn) {
        this.url = url;
        this.waitIn = waitIn;
    }

    public static void main(String[] args) throws Exception {
        String url = "http://localhost:8080";
        int clients = 16;
        int jobs = 2000;
        int[] rates = null;
        int seconds = 10;
        Duration warmUp = Duration.ofSeconds(60);
        List<String> redis = List.of();
        List<String> metrics = null;
        WaitIn waitIn = WaitIn.SUBMISSION;
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--url" -> url = args[i + 1];
                case "--clients" -> clients = Integer.parseInt(args[i + 1]);
                case "--jobs" -> jobs = Integer.parseInt(args[i + 1]);
                case "--rates" -> rates = Arrays.stream(args[i + 1].split(",")).mapToInt(Integer::parseInt).toArray();
                case "--seconds" -> seconds = Integer.parseInt(args[i + 1]);
                case "--redis" -> redis = List.of(args[i + 1].split(","));
                case "--metrics" -> metrics = List.of(args[i + 1].split(","));
                case "--warm-up" -> warmUp = Duration.ofSeconds(Integer.parseInt(args[i + 1]));
                case "--wait-in" -> waitIn = WaitIn.valueOf(args[i + 1].toUpperCase(Locale.ROOT));
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        LoadBench bench = new LoadBench(url, waitIn);
        bench.warmUp(clients, warmUp);
        if (rates != null) {
            new OpenLoop(url, waitIn, redis).run(rates, Duration.ofSeconds(seconds));
            return;
        }
        List<String> boards = freshBoards(jobs, new Random(System.nanoTime()));
        System.out.printf("%d clients against %s, each waiting for its job in the %s%n", clients, url,
                waitIn.name().toLowerCase(Locale.ROOT));
        ServiceCosts costs = new ServiceCosts(metrics != null ? metrics : List.of(url, FIRST_WORKER));
        for (String pass : List.of("uncached 3x3", "cached 3x3")) {
            Map<String, Double> before = costs.read();
            bench.run(pass, boards, clients, true);
            costs.printPerJob(before, costs.read(), boards.size());
        }
        System.out.printf("%d distinct jobs, all DONE; %d queued for the workers; %d submissions refused with 503 and"
                + " sent again%n", bench.jobIds.size(), bench.queued.get(), bench.refused.get());
    }

    /**
     * Uncached jobs from {@code clients} closed-loop clients for {@code duration}, unmeasured: the services' JIT
     * compilers take a large share of two cores for about the first minute of load.
     */
    void warmUp(int clients, Duration duration) throws Exception {
        long until = System.nanoTime() + duration.toNanos();
        while (System.nanoTime() - until < 0) {
            run("warm-up", freshBoards(clients * 20, new Random(System.nanoTime())), clients, false);
        }
    }

    /** What the services' meters say jobs cost: Kafka records sent and JSON passes, summed over the services. */
    static final class ServiceCosts {

        private static final Map<String, Pattern> COUNTERS = Map.of(
                "Kafka records", Pattern.compile("(?m)^kafka_producer_record_send_total\\{[^}]*} (\\S+)$"),
                "JSON passes", Pattern.compile("(?m)^npuzzle_json_passes_total\\{[^}]*} (\\S+)$"));

        private final List<String> services;
        private final HttpClient http = client();

        ServiceCosts(List<String> services) {
            this.services = services;
        }

        /** Each counter summed over the services that answer; a service that does not is left out. */
        Map<String, Double> read() {
            Map<String, Double> totals = new TreeMap<>();
            for (String service : services) {
                String text;
                try {
                    text = http.send(HttpRequest.newBuilder(URI.create(service + "/q/metrics")).build(),
                            HttpResponse.BodyHandlers.ofString()).body();
                } catch (IOException | InterruptedException e) {
                    continue;
                }
                COUNTERS.forEach((name, counter) -> {
                    Matcher line = counter.matcher(text);
                    while (line.find()) {
                        totals.merge(name, Double.parseDouble(line.group(1)), Double::sum);
                    }
                });
            }
            return totals;
        }

        void printPerJob(Map<String, Double> before, Map<String, Double> after, int jobs) {
            StringBuilder line = new StringBuilder("  a job cost:");
            new TreeMap<>(COUNTERS).keySet().forEach(name -> line.append(after.containsKey(name)
                    ? String.format(" %s %.2f", name, (after.get(name) - before.getOrDefault(name, 0.0)) / jobs)
                    : String.format(" %s -", name)));
            System.out.println(line.append(" (HTTP bodies aside; from ").append(String.join(", ", services))
                    .append(")"));
        }
    }

    /** Every board drawn in this run, so that no measured job meets a board the warm-up or another pass cached. */
    private static final Set<String> DRAWN = ConcurrentHashMap.newKeySet();
    /** Solvable 3x3 boards: half of 9!. */
    private static final int SOLVABLE_3X3 = 181_440;

    /** Random solvable 3x3 boards, none drawn before in this run. */
    static List<String> freshBoards(int count, Random random) {
        if (DRAWN.size() + count > SOLVABLE_3X3) {
            throw new IllegalStateException("a run has " + SOLVABLE_3X3 + " distinct 3x3 boards; fewer jobs");
        }
        Shape shape = Shape.of(3, 3);
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
            if (Puzzle.of(board).isSolvable() && DRAWN.add(board.toString())) {
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

    /** Submits a board and waits until its job is DONE; true when it was answered from the cache. */
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
        if (CACHED.matcher(submitted.body()).find()) {
            return true;
        }
        queued.incrementAndGet();
        for (String job = submitted.body(); ; ) {
            String status = field(STATUS, job);
            if (status.equals("DONE")) {
                return false;
            }
            if (status.equals("FAILED")) {
                throw new IllegalStateException("job " + id + " failed: " + job);
            }
            job = http.send(HttpRequest.newBuilder(URI.create(url + "/api/v1/jobs/" + id + "?wait=" + WAIT_SECONDS))
                    .build(), HttpResponse.BodyHandlers.ofString()).body();
        }
    }

    private HttpResponse<String> submit(String board) throws Exception {
        String wait = waitIn == WaitIn.SUBMISSION ? "?wait=" + WAIT_SECONDS : "";
        return http.send(HttpRequest.newBuilder(URI.create(url + "/api/v1/jobs" + wait))
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

    private static double percentile(long[] sorted, double p) {
        if (sorted.length == 0) {
            return 0;
        }
        int index = (int) Math.ceil(p / 100.0 * sorted.length) - 1;
        return sorted[Math.max(0, index)] / 1e6;
    }

    /** Submissions at fixed rates, latencies from each one's scheduled moment (see the class comment). */
    static final class OpenLoop {

        private static final Duration DRAIN = Duration.ofSeconds(60);

        private final String url;
        private final WaitIn waitIn;
        private final List<String> redis;
        private final HttpClient http = client();
        private final AtomicInteger failures = new AtomicInteger();

        OpenLoop(String url, WaitIn waitIn, List<String> redis) {
            this.url = url;
            this.waitIn = waitIn;
            this.redis = redis;
        }

        void run(int[] rates, Duration step) throws Exception {
            System.out.printf("open loop against %s, %d s a step, each job waited for in the %s%n", url,
                    step.toSeconds(), waitIn.name().toLowerCase(Locale.ROOT));
            System.out.println("| pass | rate asked | jobs/s reached | submit p50 / p99 / p99.9 ms"
                    + " | submit to DONE p50 / p99 / p99.9 ms | Redis commands a job |");
            System.out.println("|---|---|---|---|---|---|");
            for (int rate : rates) {
                List<String> boards = freshBoards((int) (rate * step.toSeconds()), new Random(System.nanoTime()));
                step("uncached", rate, boards);
                step("cached", rate, boards);
            }
            if (!redis.isEmpty()) {
                roundTrips();
            }
            System.out.printf("%d jobs failed or timed out%n", failures.get());
        }

        /** Round trips a job by command, as the class comment says. */
        private void roundTrips() throws Exception {
            int jobs = 100;
            int rate = 20;
            Duration window = Duration.ofMillis(jobs * 1000L / rate + 2000);
            Map<String, Long> idle = monitored(window, () -> { });
            Map<String, Long> busy = monitored(window, () -> step("monitored", rate,
                    freshBoards(jobs, new Random(System.nanoTime()))));
            StringBuilder line = new StringBuilder();
            double total = 0;
            for (Map.Entry<String, Long> command : busy.entrySet()) {
                double perJob = (command.getValue() - idle.getOrDefault(command.getKey(), 0L)) / (double) jobs;
                if (perJob >= 0.05) {
                    line.append(String.format(" %s %.2f", command.getKey(), perJob));
                    total += perJob;
                }
            }
            System.out.printf("Redis round trips an uncached job: %.2f (%s)%n", total, line.toString().trim());
        }

        interface Work {
            void run() throws Exception;
        }

        /** Top-level commands by name over every Redis named while the work runs, for at least the window. */
        private Map<String, Long> monitored(Duration window, Work work) throws Exception {
            Map<String, Long> counts = new ConcurrentHashMap<>();
            List<Socket> sockets = new ArrayList<>();
            List<Thread> readers = new ArrayList<>();
            Pattern line = Pattern.compile("^\\+\\d+\\.\\d+ \\[\\d+ ([^\\]]+)\\] \"([A-Za-z]+)\"");
            for (String address : redis) {
                String[] hostPort = address.split(":");
                Socket socket = new Socket(hostPort[0], Integer.parseInt(hostPort[1]));
                socket.getOutputStream().write("MONITOR\r\n".getBytes(StandardCharsets.US_ASCII));
                BufferedReader in = new BufferedReader(new InputStreamReader(
                        socket.getInputStream(), StandardCharsets.UTF_8));
                in.readLine();
                Thread reader = new Thread(() -> {
                    try {
                        for (String text = in.readLine(); text != null; text = in.readLine()) {
                            Matcher matcher = line.matcher(text);
                            if (matcher.find() && !matcher.group(1).equals("lua")) {
                                String command = matcher.group(2).toUpperCase(Locale.ROOT);
                                if (!command.equals("INFO")) {
                                    counts.merge(command, 1L, Long::sum);
                                }
                            }
                        }
                    } catch (IOException e) {
                        // closed
                    }
                });
                reader.setDaemon(true);
                reader.start();
                sockets.add(socket);
                readers.add(reader);
            }
            long started = System.nanoTime();
            work.run();
            long left = window.toNanos() - (System.nanoTime() - started);
            if (left > 0) {
                LockSupport.parkNanos(left);
            }
            for (Socket socket : sockets) {
                socket.close();
            }
            for (Thread reader : readers) {
                reader.join(1000);
            }
            return new TreeMap<>(counts);
        }

        private void step(String pass, int rate, List<String> boards) throws Exception {
            int n = boards.size();
            long[] submitted = new long[n];
            long[] finished = new long[n];
            CountDownLatch ended = new CountDownLatch(n);
            AtomicLong lastDone = new AtomicLong();
            Map<String, Long> before = commands();
            long period = 1_000_000_000L / rate;
            long start = System.nanoTime();
            for (int i = 0; i < n; i++) {
                long due = start + i * period;
                long wait = due - System.nanoTime();
                if (wait > 0) {
                    LockSupport.parkNanos(wait);
                }
                int job = i;
                http.sendAsync(post(boards.get(i)), HttpResponse.BodyHandlers.ofString()).whenComplete((answer, e) -> {
                    long now = System.nanoTime();
                    submitted[job] = now - due;
                    if (e != null || (answer.statusCode() != 200 && answer.statusCode() != 202)) {
                        fail(ended);
                    } else if (field(STATUS, answer.body()).equals("DONE")) {
                        finished[job] = submitted[job];
                        lastDone.accumulateAndGet(now, Math::max);
                        ended.countDown();
                    } else {
                        awaitDone(field(ID, answer.body()), due, finished, job, ended, lastDone);
                    }
                });
            }
            if (!ended.await(DRAIN.toSeconds() + n / rate, TimeUnit.SECONDS)) {
                System.out.printf("%s at %d/s: %d jobs not DONE in time%n", pass, rate, ended.getCount());
            }
            double reached = n / ((lastDone.get() - start) / 1e9);
            Map<String, Long> after = commands();
            String perJob = redis.isEmpty() ? "-" : String.format("%.2f", (total(after) - total(before)) / (double) n);
            System.out.printf("| %s | %d | %.0f | %s | %s | %s |%n", pass, rate, reached, percentiles(submitted),
                    percentiles(finished), perJob);
        }

        private void awaitDone(String id, long due, long[] finished, int job, CountDownLatch ended,
                               AtomicLong lastDone) {
            http.sendAsync(HttpRequest.newBuilder(URI.create(url + "/api/v1/jobs/" + id + "?wait=" + WAIT_SECONDS)).build(),
                    HttpResponse.BodyHandlers.ofString()).whenComplete((answer, e) -> {
                        long now = System.nanoTime();
                        String status = e == null ? STATUS.matcher(answer.body()).results()
                                .map(match -> match.group(1)).findFirst().orElse("?") : "?";
                        if (status.equals("DONE")) {
                            finished[job] = now - due;
                            lastDone.accumulateAndGet(now, Math::max);
                            ended.countDown();
                        } else if (status.equals("QUEUED") || status.equals("RUNNING")) {
                            awaitDone(id, due, finished, job, ended, lastDone);
                        } else {
                            fail(ended);
                        }
                    });
        }

        private void fail(CountDownLatch ended) {
            failures.incrementAndGet();
            ended.countDown();
        }

        private HttpRequest post(String board) {
            String wait = waitIn == WaitIn.SUBMISSION ? "?wait=" + WAIT_SECONDS : "";
            return HttpRequest.newBuilder(URI.create(url + "/api/v1/jobs" + wait))
                    .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString("{\"board\": \"" + board + "\"}")).build();
        }

        private static String percentiles(long[] nanos) {
            long[] sorted = Arrays.stream(nanos).filter(t -> t > 0).sorted().toArray();
            return String.format("%.1f / %.1f / %.1f", percentile(sorted, 50), percentile(sorted, 99),
                    percentile(sorted, 99.9));
        }

        /** Calls per command over every Redis named, from INFO commandstats (the INFO calls themselves left out). */
        private Map<String, Long> commands() throws Exception {
            Map<String, Long> calls = new TreeMap<>();
            Pattern line = Pattern.compile("cmdstat_([a-z|]+):calls=(\\d+)");
            for (String address : redis) {
                String[] hostPort = address.split(":");
                try (Socket socket = new Socket(hostPort[0], Integer.parseInt(hostPort[1]))) {
                    socket.getOutputStream().write("INFO commandstats\r\n".getBytes(StandardCharsets.US_ASCII));
                    BufferedReader in = new BufferedReader(new InputStreamReader(
                            socket.getInputStream(), StandardCharsets.US_ASCII));
                    int length = Integer.parseInt(in.readLine().substring(1));
                    char[] body = new char[length];
                    for (int read = 0; read < length; ) {
                        read += in.read(body, read, length - read);
                    }
                    Matcher matcher = line.matcher(new String(body));
                    while (matcher.find()) {
                        if (!matcher.group(1).equals("info")) {
                            calls.merge(matcher.group(1), Long.parseLong(matcher.group(2)), Long::sum);
                        }
                    }
                }
            }
            return calls;
        }

        private static long total(Map<String, Long> calls) {
            return calls.values().stream().mapToLong(Long::longValue).sum();
        }
    }
}
