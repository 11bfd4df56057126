import io.npuzzle.cli.DatabaseSettings;
import io.npuzzle.core.board.Board;
import io.npuzzle.core.board.BoardParser;
import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.board.Shape;
import io.npuzzle.core.model.DefaultBudgets;
import io.npuzzle.core.model.Mode;
import io.npuzzle.core.model.SearchProgress;
import io.npuzzle.core.model.SolveOptions;
import io.npuzzle.core.model.SolveResult;
import io.npuzzle.core.solve.Solver;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Submit to first answer of heavy jobs, as a worker solves them: one search thread per job, the job's deadline as
 * its budget, and the time from the solve's start to the first progress report that carries an answer (or to the
 * answer itself, when the search ends first); or, given a service's URL, from the submission to the first read of
 * the job that shows an answer; see bench/first-answer.
 */
public class FirstAnswerBench {

    private static final double RATIO = SolveOptions.DEFAULT_RATIO;
    /** How often a job is read through the API: well below the figures measured, so it adds little to them. */
    private static final Duration READ_EVERY = Duration.ofMillis(20);
    private static final Pattern BEST_LENGTH = Pattern.compile("\"bestLength\":\\d+");
    private static final Pattern FINISHED = Pattern.compile("\"status\":\"(DONE|FAILED|CANCELLED)\"");
    private static final Pattern LOCATION = Pattern.compile("\"id\":\"([0-9a-f-]+)\"");

    /**
     * Arguments: the bench directory, boards per set, the jobs' deadline in seconds, boards to warm up with, and
     * optionally a running service's URL.
     */
    public static void main(String[] args) throws IOException {
        Locale.setDefault(Locale.ROOT);
        Path bench = Path.of(args[0]);
        int boards = Integer.parseInt(args[1]);
        long deadlineMillis = Long.parseLong(args[2]) * 1000;
        int warmUp = Integer.parseInt(args[3]);
        URI service = args.length > 4 ? URI.create(args[4]) : null;
        System.out.printf("java %s %s, %d cores, load average %.1f; jobs of %d s, %d boards a set after %d to warm"
                        + " up; %s%n", System.getProperty("java.version"),
                ManagementFactory.getRuntimeMXBean().getInputArguments(), Runtime.getRuntime().availableProcessors(),
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(), deadlineMillis / 1000, boards,
                warmUp, service == null ? "in this process" : "through " + service);
        // The worker's solver: one search thread per job.
        Solver solver = service == null ? new Solver(DatabaseSettings.databases(), 1) : null;
        SolveOptions heavy = DefaultBudgets.heavy(SolveOptions.defaults());
        SolveOptions job = heavy.withBudget(heavy.maxNodes(), deadlineMillis);
        FirstAnswer measure = service == null ? (puzzle, options) -> firstAnswerMillis(solver, puzzle, options)
                : new OverTheApi(service);
        List<Set> sets = List.of(
                new Set("5x5 Korf's 24-puzzles", boards(bench.resolve("korf50-24.txt"), Shape.of(5, 5), true)),
                new Set("6x6 DeepCubeA", boards(bench.resolve("deepcubea/puzzle35.txt"), Shape.of(6, 6), false)),
                new Set("7x7 DeepCubeA", boards(bench.resolve("deepcubea/puzzle48.txt"), Shape.of(7, 7), false)));
        for (Set set : sets) {
            for (Puzzle puzzle : set.puzzles().subList(boards, Math.min(boards + warmUp, set.puzzles().size()))) {
                measure.of(puzzle, job.withMode(Mode.OPTIMAL));
            }
        }
        System.out.println("set                     mode      p50 ms  p95 ms  max ms  reports/s");
        for (Set set : sets) {
            for (Mode mode : new Mode[] {Mode.OPTIMAL, Mode.BOUNDED}) {
                SolveOptions options = mode == Mode.BOUNDED ? job.withMode(mode).withRatio(RATIO) : job.withMode(mode);
                double[] millis = new double[boards];
                long reports = 0;
                double seconds = 0;
                for (int i = 0; i < boards; i++) {
                    Job measured = measure.of(set.puzzles().get(i), options);
                    millis[i] = measured.firstMillis();
                    reports += measured.reports();
                    seconds += measured.totalMillis() / 1000;
                }
                Arrays.sort(millis);
                System.out.printf("%-23s %-8s %7.0f %7.0f %7.0f %10s%n", set.name(), mode.label(),
                        percentile(millis, 0.50), percentile(millis, 0.95), millis[boards - 1],
                        service == null ? String.format("%.1f", reports / seconds) : "-");
            }
        }
    }

    private record Set(String name, List<Puzzle> puzzles) {
    }

    /** Measures one heavy job's first answer. */
    private interface FirstAnswer {
        Job of(Puzzle puzzle, SolveOptions options);
    }

    /**
     * A job submitted to a running service and read every {@link #READ_EVERY} until it shows an answer, then
     * cancelled; its reports are not seen from here.
     */
    private record OverTheApi(URI service) implements FirstAnswer {

        private static final HttpClient HTTP = HttpClient.newHttpClient();

        @Override
        public Job of(Puzzle puzzle, SolveOptions options) {
            String body = "{\"board\":\"%s\",\"goal\":\"%s\",\"mode\":\"%s\",\"maxSeconds\":%d%s}".formatted(
                    puzzle.start(), puzzle.goal(), options.mode().label(), options.maxMillis() / 1000,
                    options.mode() == Mode.BOUNDED ? ",\"ratio\":" + options.ratio() : "");
            long started = System.nanoTime();
            Matcher id = LOCATION.matcher(send(HttpRequest.newBuilder(service.resolve("/api/v1/jobs"))
                    .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body))));
            if (!id.find()) {
                throw new IllegalStateException("not accepted: " + body);
            }
            URI job = service.resolve("/api/v1/jobs/" + id.group(1));
            while (true) {
                String read = send(HttpRequest.newBuilder(job));
                if (BEST_LENGTH.matcher(read).find() || FINISHED.matcher(read).find()) {
                    double millis = (System.nanoTime() - started) / 1e6;
                    send(HttpRequest.newBuilder(job).DELETE());
                    return new Job(millis, 0, 1);
                }
                LockSupport.parkNanos(READ_EVERY.toNanos());
            }
        }

        private static String send(HttpRequest.Builder request) {
            try {
                return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString()).body();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }

    /** One job's first answer, its reports, and its whole time (it is cancelled a second after its first answer). */
    private record Job(double firstMillis, int reports, double totalMillis) {
    }

    /**
     * Solves until a second after the first answer reported (so that each job's reports are counted while its
     * search improves), and returns when it came.
     */
    private static Job firstAnswerMillis(Solver solver, Puzzle puzzle, SolveOptions options) {
        long started = System.nanoTime();
        AtomicLong first = new AtomicLong();
        AtomicInteger reports = new AtomicInteger();
        SolveOptions watched = options.withCancellation(() -> first.get() != 0
                        && System.nanoTime() - first.get() > 1_000_000_000L)
                .withProgress((SearchProgress report) -> {
                    reports.incrementAndGet();
                    if (report.bestLength().isPresent()) {
                        first.compareAndSet(0, System.nanoTime());
                    }
                });
        SolveResult result = solver.solve(puzzle, watched);
        long ended = System.nanoTime();
        if (result.isSolved() && !puzzle.start().apply(result.moves()).equals(puzzle.goal())) {
            throw new IllegalStateException("illegal answer for " + puzzle.start());
        }
        long firstAnswer = first.get() != 0 ? first.get() : ended;
        return new Job((firstAnswer - started) / 1e6, reports.get(), (ended - started) / 1e6);
    }

    private static double percentile(double[] sorted, double share) {
        return sorted[Math.max(0, (int) Math.ceil(share * sorted.length) - 1)];
    }

    /** Boards of a file of lines "id length tiles...", towards the blank-first goal (Korf's) or the solved board. */
    private static List<Puzzle> boards(Path file, Shape shape, boolean blankFirst) throws IOException {
        Board goal = blankFirst ? Board.blankFirst(shape) : Board.solved(shape);
        List<Puzzle> puzzles = new ArrayList<>();
        for (String line : Files.readAllLines(file)) {
            if (!line.isBlank()) {
                String[] fields = line.strip().split("\\s+");
                puzzles.add(new Puzzle(BoardParser.parse(String.join(" ", List.of(fields).subList(2, fields.length)),
                        shape), goal));
            }
        }
        return puzzles;
    }
}
