import io.npuzzle.core.board.Board;
import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.board.Shape;

import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Fair share between clients, black-box over HTTP, against a service with API keys "a" and "b" (their keys in the
 * variables FAIRNESS_KEY_A and FAIRNESS_KEY_B). Prints one markdown table:
 * <ol>
 *   <li>flood: A submits heavy 5x5 jobs and quick 4x4 jobs in batches, then B one 4x4 and one heavy 5x5. B's 4x4
 *   from submit to RUNNING and to DONE, B's heavy from submit to RUNNING and to its end, how many of A's heavy jobs
 *   started in between (counted by the workers' meters), A's 4x4 drain time;</li>
 *   <li>equal shares: A and B submit as many heavy jobs at once; each one's starts within a window, and their ratio.</li>
 * </ol>
 * What is left unfinished is cancelled after each scenario, and every job's final status is counted.
 *
 * Usage: FairnessBench [--url http://localhost:18380]
 *        [--worker-metrics http://localhost:18381/q/metrics,http://localhost:18382/q/metrics]
 *        [--flood-heavy 20] [--flood-quick 2000] [--heavy-seconds 5]
 *        [--max-wait 120] [--share-jobs 30] [--share-seconds 3] [--share-window 60] [--seed N]
 *        [--commit C] [--load-before "L1 L5 L15"]
 */
public class FairnessBench {

    private static final Pattern ID = Pattern.compile("\"id\"\\s*:\\s*\"([0-9a-f-]{36})\"");
    private static final Pattern STATUS = Pattern.compile("\"status\"\\s*:\\s*\"([A-Z]+)\"");
    private static final Pattern FINISHED_AT = Pattern.compile("\"finishedAt\"\\s*:\\s*\"([^\"]+)\"");
    private static final Pattern SOLVE_MILLIS = Pattern.compile("\"solveMillis\"\\s*:\\s*([0-9.eE+-]+)");
    private static final Set<String> FINAL = Set.of("DONE", "FAILED", "CANCELLED");
    private static final int MAX_BATCH = 1000;
    /** How many of A's first heavy starts the table lists: enough to show the heavy slots' turnover. */
    private static final int FIRST_STARTS_SHOWN = 8;
    /** How often the workers' meters are read for A's heavy starts during the flood. */
    private static final long STARTS_READ_MILLIS = 100;
    private static final Pattern HEAVY_STARTED_A = Pattern.compile(
            "npuzzle_client_jobs_started_total\\{client=\"a\",lane=\"heavy\"} ([0-9.eE+-]+)");

    record Options(String url, List<String> workerMetrics, int floodHeavy, int floodQuick, int heavySeconds,
                   int maxWait, int shareJobs, int shareSeconds, int shareWindow, long seed, String commit,
                   String loadBefore) {}

    /** A job as polled: its status and, once finished, when (server clock). */
    record JobView(String id, String status, Instant finishedAt, Double solveMillis) {
        boolean started() {
            return !status.equals("QUEUED");
        }

        boolean ended() {
            return FINAL.contains(status);
        }
    }

    /**
     * A wait for one job: seconds until it got where it was awaited, or null past the cap; its status then, and when
     * it finished (server clock) if it has.
     */
    record Wait(Double seconds, String status, Instant finishedAt, Double solveMillis) {
        Wait(Double seconds, String status, Instant finishedAt) {
            this(seconds, status, finishedAt, null);
        }
    }

    /**
     * How many of some jobs ended within a wait, when the last of them finished (seconds from the start; null when
     * not all ended), and when each that ended finished.
     */
    record Drain(int ended, int total, Double seconds, List<Instant> finishedAt) {
        long finishedBy(Instant instant) {
            return finishedAt.stream().filter(at -> !at.isAfter(instant)).count();
        }
    }

    record FloodResult(double submitSeconds, Instant bQuickSubmitted, Wait bQuickStart, Wait bQuick,
                       Wait bHeavyStart, Wait bHeavyEnd, int aHeavyStartsBefore, int aHeavyStartsBetween,
                       List<Double> aHeavyFirstStarts, Drain aQuick) {}

    /** Each owner's heavy starts within the window, and when each one's batch was answered (seconds). */
    record ShareResult(int aStarts, int bStarts, double aAnswered, double bAnswered) {}

    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private final ExecutorService pool = Executors.newCachedThreadPool(runnable -> {
        Thread thread = new Thread(runnable);
        thread.setDaemon(true);
        return thread;
    });
    private final Options options;
    private final Map<String, String> keys;
    private final Random random;
    private final Set<String> boardsSeen = new HashSet<>();
    // The jobs of each scenario, for the cancels and the final count.
    private final List<String> floodIds = new ArrayList<>();
    private final List<String> bFloodIds = new ArrayList<>();
    private final Map<String, List<String>> shareIds = new ConcurrentHashMap<>();
    /** Set once B's heavy job has started or its wait is over: the sweep of A's heavy jobs stops then. */
    private final AtomicBoolean bHeavyWatched = new AtomicBoolean();

    FairnessBench(Options options, Map<String, String> keys) {
        this.options = options;
        this.keys = keys;
        this.random = new Random(options.seed());
    }

    public static void main(String[] args) throws Exception {
        Options options = parse(args);
        Map<String, String> keys = Map.of("a", required("FAIRNESS_KEY_A"), "b", required("FAIRNESS_KEY_B"));
        new FairnessBench(options, keys).run();
    }

    static String required(String variable) {
        String value = System.getenv(variable);
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(variable + " (client's API key) is not set");
        }
        return value;
    }

    static Options parse(String[] args) {
        Map<String, String> given = new TreeMap<>();
        for (int i = 0; i < args.length; i += 2) {
            if (!args[i].startsWith("--") || i + 1 >= args.length) {
                throw new IllegalArgumentException("options go as --name value, not '" + args[i] + "'");
            }
            given.put(args[i].substring(2), args[i + 1]);
        }
        Options options = new Options(take(given, "url", "http://localhost:18380"),
                List.of(take(given, "worker-metrics",
                        "http://localhost:18381/q/metrics,http://localhost:18382/q/metrics").split(",")),
                Integer.parseInt(take(given, "flood-heavy", "20")), Integer.parseInt(take(given, "flood-quick", "2000")),
                Integer.parseInt(take(given, "heavy-seconds", "5")), Integer.parseInt(take(given, "max-wait", "120")),
                Integer.parseInt(take(given, "share-jobs", "30")), Integer.parseInt(take(given, "share-seconds", "3")),
                Integer.parseInt(take(given, "share-window", "60")),
                Long.parseLong(take(given, "seed", Long.toString(System.nanoTime()))), take(given, "commit", "?"),
                take(given, "load-before", "?"));
        if (!given.isEmpty()) {
            throw new IllegalArgumentException("unknown option --" + given.keySet().iterator().next());
        }
        return options;
    }

    static String take(Map<String, String> given, String name, String fallback) {
        String value = given.remove(name);
        return value == null ? fallback : value;
    }

    void run() throws Exception {
        long started = System.nanoTime();
        String loadAtStart = loadAverage();
        warmUp();
        FloodResult flood = flood();
        int cancelledAfterFlood = cancelUnfinished("a", floodIds) + cancelUnfinished("b", bFloodIds);
        ShareResult share = shares();
        int cancelledAfterShares = cancelUnfinished("a", shareIds.get("a")) + cancelUnfinished("b", shareIds.get("b"));
        Map<String, Integer> aFloodEnd = tally("a", floodIds);
        printHeader(loadAtStart);
        printTable(flood, share, aFloodEnd, cancelledAfterFlood, cancelledAfterShares,
                (System.nanoTime() - started) / 1e9);
    }

    /** A few jobs of each lane first, so that each worker's consumers, solver and databases are warm. */
    void warmUp() throws Exception {
        List<String> bodies = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            bodies.add(heavyBody(1));
        }
        for (int i = 0; i < 16; i++) {
            bodies.add(quickBody());
        }
        for (String id : submitBatches("a", bodies)) {
            awaitEnd("a", id, System.nanoTime() + 60_000_000_000L);
        }
    }

    FloodResult flood() throws Exception {
        List<String> heavy = new ArrayList<>();
        for (int i = 0; i < options.floodHeavy(); i++) {
            heavy.add(heavyBody(options.heavySeconds()));
        }
        List<String> quick = new ArrayList<>();
        for (int i = 0; i < options.floodQuick(); i++) {
            quick.add(quickBody());
        }
        String bQuickBody = quickBody();
        String bHeavyBody = heavyBody(options.heavySeconds());

        // The warm-up's heavy jobs are A's too: only starts past them count.
        long warmUpStarts = heavyStartsCounted();
        long t0 = System.nanoTime();
        List<Long> aHeavyStarts = new CopyOnWriteArrayList<>();
        Future<?> startsRead = pool.submit(() -> readHeavyStarts(aHeavyStarts, warmUpStarts, bHeavyWatched::get));
        List<String> aHeavy = submitBatches("a", heavy);
        Instant quickSubmitted = Instant.now();
        long quickSubmittedNanos = System.nanoTime();
        List<String> aQuick = submitBatches("a", quick);
        floodIds.addAll(aHeavy);
        floodIds.addAll(aQuick);
        double submitSeconds = (System.nanoTime() - t0) / 1e9;

        // What has started by now counts as started before B's submissions, whatever the last reading saw.
        noteHeavyStarts(aHeavyStarts, warmUpStarts);
        long bQuickAt = System.nanoTime();
        Instant bQuickSubmitted = Instant.now();
        String bQuick = submitOne("b", bQuickBody);
        long bHeavyAt = System.nanoTime();
        String bHeavy = submitOne("b", bHeavyBody);
        bFloodIds.add(bQuick);
        bFloodIds.add(bHeavy);
        Future<Wait[]> bQuickWaits = pool.submit(() -> watchStartAndEnd(bQuick, bQuickAt, 20));
        Future<Wait[]> bHeavyWaits = pool.submit(() -> {
            try {
                return watchStartAndEnd(bHeavy, bHeavyAt, 50);
            } finally {
                bHeavyWatched.set(true);
            }
        });
        Future<Drain> drain = pool.submit(() -> drain("a", aQuick, quickSubmitted, quickSubmittedNanos + capNanos()));
        Wait[] heavyWaits = bHeavyWaits.get();
        startsRead.get();
        long startedAt = heavyWaits[0].seconds() == null ? bHeavyAt + capNanos()
                : bHeavyAt + (long) (heavyWaits[0].seconds() * 1e9);
        int before = (int) aHeavyStarts.stream().filter(at -> at <= bHeavyAt).count();
        int between = (int) aHeavyStarts.stream().filter(at -> at > bHeavyAt && at <= startedAt).count();
        List<Double> firstStarts = aHeavyStarts.stream().limit(FIRST_STARTS_SHOWN).map(at -> (at - t0) / 1e9).toList();
        Wait[] quickWaits = bQuickWaits.get();
        return new FloodResult(submitSeconds, bQuickSubmitted, quickWaits[0], quickWaits[1], heavyWaits[0],
                heavyWaits[1], before, between, firstStarts, drain.get());
    }

    /**
     * One of B's jobs: polled every period until it leaves QUEUED, then long-polled to its end, each within the cap;
     * submit to start and submit to end.
     */
    Wait[] watchStartAndEnd(String id, long submittedAt, long periodMillis) throws Exception {
        long deadline = submittedAt + capNanos();
        JobView view = get("b", id, 0);
        while (!view.started() && System.nanoTime() < deadline) {
            Thread.sleep(periodMillis);
            view = get("b", id, 0);
        }
        if (!view.started()) {
            return new Wait[] {new Wait(null, view.status(), null), new Wait(null, view.status(), null)};
        }
        long startedAt = System.nanoTime();
        Wait start = new Wait((startedAt - submittedAt) / 1e9, view.status(), view.finishedAt());
        Wait end = awaitEnd("b", id, startedAt + capNanos());
        Wait fromSubmit = end.seconds() == null ? end : new Wait((startedAt - submittedAt) / 1e9 + end.seconds(),
                end.status(), end.finishedAt(), end.solveMillis());
        return new Wait[] {start, fromSubmit};
    }

    ShareResult shares() throws Exception {
        Map<String, List<String>> bodies = new LinkedHashMap<>();
        for (String owner : List.of("a", "b")) {
            List<String> list = new ArrayList<>();
            for (int i = 0; i < options.shareJobs(); i++) {
                list.add(heavyBody(options.shareSeconds()));
            }
            bodies.put(owner, list);
        }
        long t0 = System.nanoTime();
        Map<String, Double> answered = new ConcurrentHashMap<>();
        List<Future<?>> batches = new ArrayList<>();
        for (String owner : bodies.keySet()) {
            batches.add(pool.submit(() -> {
                shareIds.put(owner, submitBatches(owner, bodies.get(owner)));
                answered.put(owner, (System.nanoTime() - t0) / 1e9);
                return null;
            }));
        }
        for (Future<?> batch : batches) {
            batch.get();
        }
        long windowEnd = t0 + options.shareWindow() * 1_000_000_000L;
        Map<String, Long> aStarts = new ConcurrentHashMap<>();
        Map<String, Long> bStarts = new ConcurrentHashMap<>();
        BooleanSupplier over = () -> System.nanoTime() >= windowEnd;
        Future<?> watchA = pool.submit(() -> watchStarts("a", shareIds.get("a"), aStarts, 500, over));
        Future<?> watchB = pool.submit(() -> watchStarts("b", shareIds.get("b"), bStarts, 500, over));
        watchA.get();
        watchB.get();
        return new ShareResult(count(aStarts, windowEnd), count(bStarts, windowEnd), answered.get("a"),
                answered.get("b"));
    }

    /**
     * Reads A's heavy starts from the workers' meters every {@value #STARTS_READ_MILLIS} ms until stop says so,
     * noting when each was first counted: one request a worker, where looking at each of A's hundreds of jobs would
     * load the API the scenario measures. A job delivered again counts again.
     */
    Void readHeavyStarts(List<Long> starts, long before, BooleanSupplier stop) throws Exception {
        while (!stop.getAsBoolean()) {
            noteHeavyStarts(starts, before);
            Thread.sleep(STARTS_READ_MILLIS);
        }
        return null;
    }

    /** Notes now as the time of each of A's heavy starts the workers count beyond those before and those noted. */
    synchronized void noteHeavyStarts(List<Long> starts, long before) throws Exception {
        long now = System.nanoTime();
        long counted = heavyStartsCounted() - before;
        while (starts.size() < counted) {
            starts.add(now);
        }
    }

    /** A's heavy starts as the workers count them, summed. */
    long heavyStartsCounted() throws Exception {
        long counted = 0;
        for (String url : options.workerMetrics()) {
            String text = http.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(10)).build(),
                    HttpResponse.BodyHandlers.ofString()).body();
            String value = first(HEAVY_STARTED_A, text);
            counted += value == null ? 0 : (long) Double.parseDouble(value);
        }
        return counted;
    }

    static int count(Map<String, Long> starts, long until) {
        return (int) starts.values().stream().filter(at -> at <= until).count();
    }

    /**
     * Polls the jobs not yet seen started every period until stop says so or all have started, recording when each
     * was first seen out of QUEUED (RUNNING or finished).
     */
    Void watchStarts(String owner, List<String> ids, Map<String, Long> firstSeen, long periodMillis,
                     BooleanSupplier stop) throws Exception {
        while (!stop.getAsBoolean() && firstSeen.size() < ids.size()) {
            long sweepStart = System.nanoTime();
            sweepOnce(owner, ids, firstSeen);
            long left = periodMillis - (System.nanoTime() - sweepStart) / 1_000_000;
            if (left > 0) {
                Thread.sleep(left);
            }
        }
        return null;
    }

    /** One look at each job not yet seen started; those that have are recorded as started now. */
    void sweepOnce(String owner, List<String> ids, Map<String, Long> firstSeen) throws Exception {
        for (String id : ids) {
            if (!firstSeen.containsKey(id) && get(owner, id, 0).started()) {
                firstSeen.putIfAbsent(id, System.nanoTime());
            }
        }
    }

    /** Long-polls a job until it ends or the deadline passes. */
    Wait awaitEnd(String owner, String id, long deadline) throws Exception {
        long from = System.nanoTime();
        JobView view = get(owner, id, 0);
        while (!view.ended()) {
            long left = (deadline - System.nanoTime()) / 1_000_000_000L;
            if (left < 1) {
                return new Wait(null, view.status(), null);
            }
            view = get(owner, id, (int) Math.min(30, left));
        }
        return new Wait((System.nanoTime() - from) / 1e9, view.status(), view.finishedAt(), view.solveMillis());
    }

    /**
     * Long-polls the jobs in the order they were submitted, until the deadline; past it, one look at each of the
     * rest. The last finishedAt, from the given instant.
     */
    Drain drain(String owner, List<String> ids, Instant from, long deadline) throws Exception {
        int ended = 0;
        Instant last = from;
        List<Instant> finished = new ArrayList<>();
        for (String id : ids) {
            JobView view = get(owner, id, 0);
            while (!view.ended() && System.nanoTime() < deadline) {
                view = get(owner, id, (int) Math.max(1, Math.min(30, (deadline - System.nanoTime()) / 1_000_000_000L)));
            }
            if (!view.ended()) {
                continue;
            }
            ended++;
            if (view.finishedAt() != null) {
                finished.add(view.finishedAt());
                last = view.finishedAt().isAfter(last) ? view.finishedAt() : last;
            }
        }
        Double seconds = ended < ids.size() ? null : Duration.between(from, last).toMillis() / 1e3;
        return new Drain(ended, ids.size(), seconds, finished);
    }

    /** Cancels each job of the owner that has not ended; how many were cancelled. */
    int cancelUnfinished(String owner, List<String> ids) throws Exception {
        List<Callable<Integer>> cancels = new ArrayList<>();
        for (List<String> part : partition(ids, 8)) {
            cancels.add(() -> {
                int cancelled = 0;
                for (String id : part) {
                    if (!get(owner, id, 0).ended() && send("DELETE", "/api/v1/jobs/" + id, owner, null).statusCode() == 200) {
                        cancelled++;
                    }
                }
                return cancelled;
            });
        }
        int total = 0;
        for (Future<Integer> future : pool.invokeAll(cancels)) {
            total += future.get();
        }
        return total;
    }

    /** Final statuses of the jobs, counted. */
    Map<String, Integer> tally(String owner, List<String> ids) throws Exception {
        Map<String, Integer> counts = new ConcurrentHashMap<>();
        List<Callable<Void>> reads = new ArrayList<>();
        for (List<String> part : partition(ids, 8)) {
            reads.add(() -> {
                for (String id : part) {
                    counts.merge(get(owner, id, 0).status(), 1, Integer::sum);
                }
                return null;
            });
        }
        for (Future<Void> future : pool.invokeAll(reads)) {
            future.get();
        }
        return new TreeMap<>(counts);
    }

    static List<List<String>> partition(List<String> ids, int parts) {
        List<List<String>> lists = new ArrayList<>();
        for (int p = 0; p < parts; p++) {
            lists.add(new ArrayList<>());
        }
        for (int i = 0; i < ids.size(); i++) {
            lists.get(i % parts).add(ids.get(i));
        }
        return lists;
    }

    long capNanos() {
        return options.maxWait() * 1_000_000_000L;
    }

    // ---- boards and submissions

    String quickBody() {
        return "{\"board\":\"" + randomBoard(4) + "\",\"mode\":\"optimal\"}";
    }

    String heavyBody(int maxSeconds) {
        return "{\"board\":\"" + randomBoard(5) + "\",\"mode\":\"optimal\",\"maxSeconds\":" + maxSeconds + "}";
    }

    /** A random solvable square board never generated before in this run. */
    synchronized String randomBoard(int side) {
        Shape shape = Shape.of(side, side);
        int[] tiles = new int[side * side];
        for (int i = 0; i < tiles.length; i++) {
            tiles[i] = i;
        }
        while (true) {
            for (int i = tiles.length - 1; i > 0; i--) {
                int j = random.nextInt(i + 1);
                int t = tiles[i];
                tiles[i] = tiles[j];
                tiles[j] = t;
            }
            Board board = Board.of(shape, tiles);
            if (Puzzle.of(board).isSolvable() && boardsSeen.add(board.toString())) {
                return board.toString();
            }
        }
    }

    /** Submits the jobs in batches of at most 1000; their ids in order. */
    List<String> submitBatches(String owner, List<String> bodies) throws Exception {
        List<String> ids = new ArrayList<>();
        for (int from = 0; from < bodies.size(); from += MAX_BATCH) {
            List<String> part = bodies.subList(from, Math.min(bodies.size(), from + MAX_BATCH));
            HttpResponse<String> answer = send("POST", "/api/v1/jobs/batch", owner,
                    "{\"jobs\":[" + String.join(",", part) + "]}");
            List<String> got = all(ID, answer.body());
            if (answer.statusCode() != 202 || got.size() != part.size()) {
                throw new IllegalStateException("a batch of " + part.size() + " for " + owner + " answered "
                        + answer.statusCode() + " with " + got.size() + " jobs: " + excerpt(answer.body()));
            }
            ids.addAll(got);
        }
        return ids;
    }

    String submitOne(String owner, String body) throws Exception {
        HttpResponse<String> answer = send("POST", "/api/v1/jobs", owner, body);
        if (answer.statusCode() != 202 && answer.statusCode() != 200) {
            throw new IllegalStateException("a job for " + owner + " answered " + answer.statusCode() + ": "
                    + excerpt(answer.body()));
        }
        return first(ID, answer.body());
    }

    JobView get(String owner, String id, int waitSeconds) throws Exception {
        HttpResponse<String> answer = send("GET", "/api/v1/jobs/" + id + (waitSeconds > 0 ? "?wait=" + waitSeconds : ""),
                owner, null);
        if (answer.statusCode() != 200) {
            throw new IllegalStateException("job " + id + " answered " + answer.statusCode() + ": " + excerpt(answer.body()));
        }
        String finished = first(FINISHED_AT, answer.body());
        String solveMillis = first(SOLVE_MILLIS, answer.body());
        return new JobView(id, first(STATUS, answer.body()), finished == null ? null : Instant.parse(finished),
                solveMillis == null ? null : Double.valueOf(solveMillis));
    }

    /** One request with the owner's key; a 503 or 429 is sent again after a pause, a few times. */
    HttpResponse<String> send(String method, String path, String owner, String body) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(options.url() + path))
                .timeout(Duration.ofSeconds(60)).header("Authorization", "Bearer " + keys.get(owner));
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        request.method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        HttpResponse<String> answer = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        for (int retry = 0; retry < 20 && (answer.statusCode() == 503 || answer.statusCode() == 429); retry++) {
            Thread.sleep(answer.statusCode() == 429 ? 1000 : 200);
            answer = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        }
        return answer;
    }

    static String first(Pattern pattern, String text) {
        Matcher matcher = pattern.matcher(text);
        return matcher.find() ? matcher.group(1) : null;
    }

    static List<String> all(Pattern pattern, String text) {
        List<String> found = new ArrayList<>();
        Matcher matcher = pattern.matcher(text);
        while (matcher.find()) {
            found.add(matcher.group(1));
        }
        return found;
    }

    static String excerpt(String text) {
        return text.length() <= 300 ? text : text.substring(0, 300) + "...";
    }

    // ---- output

    static String loadAverage() {
        try {
            String[] fields = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return fields[0] + " " + fields[1] + " " + fields[2];
        } catch (Exception e) {
            return String.format("%.2f", ManagementFactory.getOperatingSystemMXBean()
                    .getSystemLoadAverage());
        }
    }

    void printHeader(String loadAtStart) {
        System.out.printf("bench/fairness at %s on %d cores; load average (1, 5, 15 min) %s before the stack started,"
                        + " %s at the first scenario, %s at the end%n", options.commit(),
                Runtime.getRuntime().availableProcessors(), options.loadBefore(), loadAtStart, loadAverage());
        Map<String, String> fairShare = new TreeMap<>();
        System.getenv().forEach((name, value) -> {
            if (name.startsWith("NPUZZLE_API_FAIR_SHARE_")) {
                fairShare.put(name, value);
            }
        });
        System.out.printf("fair-share settings: %s; seed %d%n%n", fairShare.isEmpty() ? "none" : fairShare,
                options.seed());
    }

    void printTable(FloodResult flood, ShareResult share, Map<String, Integer> aFloodEnd, int cancelledAfterFlood,
                    int cancelledAfterShares, double wallSeconds) {
        row("| figure | value |");
        row("|---|---|");
        row("| flood: A's jobs submitted in batches | %d heavy (5x5, optimal, maxSeconds %d) + %d quick (4x4, optimal)"
                + " in %.1f s |", options.floodHeavy(), options.heavySeconds(), options.floodQuick(), flood.submitSeconds());
        Drain drain = flood.aQuick();
        row("| flood: B's 4x4, submit to DONE | %s |", describe(flood.bQuick(), "not ended"));
        row("| flood: B's 4x4, submit to RUNNING (seen every 20 ms; a job answered at once is DONE) | %s |",
                describe(flood.bQuickStart(), "not started"));
        if (flood.bQuick().solveMillis() != null) {
            row("| flood: B's 4x4, its own search | %.0f ms |", flood.bQuick().solveMillis());
        }
        if (flood.bQuick().finishedAt() != null) {
            row("| flood: B's 4x4, submit to its worker's finish (the job's finishedAt; DONE is seen after the API"
                    + " records it) | %.2f s |",
                    Duration.between(flood.bQuickSubmitted(), flood.bQuick().finishedAt()).toNanos() / 1e9);
            row("| flood: A's 4x4 jobs finished before B's 4x4 | %s%d of %d |", drain.ended() < drain.total()
                    ? "at least " : "", drain.finishedBy(flood.bQuick().finishedAt()), drain.total());
        }
        row("| flood: B's heavy, submit to RUNNING (goal: the next heavy slot that frees) | %s |",
                describe(flood.bHeavyStart(), "not started"));
        row("| flood: B's heavy, submit to its end | %s |", describe(flood.bHeavyEnd(), "not ended"));
        row("| flood: A's heavy jobs started before B's heavy submission | %d of %d |", flood.aHeavyStartsBefore(),
                options.floodHeavy());
        row("| flood: A's first heavy starts, seconds after the flood began (the workers' meters, every %d ms) | %s |",
                STARTS_READ_MILLIS,
                flood.aHeavyFirstStarts().stream().map(at -> String.format("%.1f", at)).toList());
        row("| flood: A's heavy jobs started between B's heavy submission and its start (goal: 0) | %d%s |",
                flood.aHeavyStartsBetween(), flood.bHeavyStart().seconds() == null
                        ? " (within " + options.maxWait() + " s, B's not started)" : "");
        row("| flood: A's 4x4 drain, submit to last finished | %s |", drain.seconds() == null
                ? String.format("> %d s (%d of %d ended)", options.maxWait(), drain.ended(), drain.total())
                : String.format("%.1f s (%d jobs)", drain.seconds(), drain.total()));
        row("| flood: A's jobs at the end (after cancelling %d left unfinished) | %s |", cancelledAfterFlood,
                aFloodEnd);
        int starts = share.aStarts() + share.bStarts();
        row("| shares: A and B each submit %d heavy (maxSeconds %d) at once; batches answered after | A %.2f s,"
                + " B %.2f s |", options.shareJobs(), options.shareSeconds(), share.aAnswered(), share.bAnswered());
        row("| shares: heavy starts in %d s, A | %d (%s) |", options.shareWindow(), share.aStarts(),
                percent(share.aStarts(), starts));
        row("| shares: heavy starts in %d s, B | %d (%s) |", options.shareWindow(), share.bStarts(),
                percent(share.bStarts(), starts));
        row("| shares: A:B starts | %s |", share.bStarts() == 0 ? "B none" : String.format("%.2f",
                (double) share.aStarts() / share.bStarts()));
        row("| shares: jobs left unfinished, cancelled | %d |", cancelledAfterShares);
        row("| wall time (warm-up and both scenarios) | %.0f s |", wallSeconds);
    }

    static String percent(int part, int whole) {
        return whole == 0 ? "-" : String.format("%.0f%%", 100.0 * part / whole);
    }

    String describe(Wait wait, String missing) {
        return wait.seconds() == null
                ? String.format("> %d s (%s; %s)", options.maxWait(), missing, wait.status())
                : String.format("%.2f s (%s)", wait.seconds(), wait.status());
    }

    static void row(String format, Object... args) {
        System.out.printf(format + "%n", args);
    }
}
