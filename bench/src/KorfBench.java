import io.npuzzle.cli.DatabaseSettings;
import io.npuzzle.core.board.Board;
import io.npuzzle.core.board.BoardParser;
import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.board.Shape;
import io.npuzzle.core.model.SolveOptions;
import io.npuzzle.core.model.SolveResult;
import io.npuzzle.core.pdb.DatabaseSet;
import io.npuzzle.core.pdb.PatternDatabases;
import io.npuzzle.core.solve.Solver;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/** Korf's 100 instances through {@link Solver}; see bench/korf. */
public class KorfBench {

    private static final Shape SHAPE = Shape.of(4, 4);

    record Instance(String id, int optimal, Board start) {
    }

    public static void main(String[] args) throws IOException {
        Locale.setDefault(Locale.ROOT);
        Path file = null;
        int threads = Runtime.getRuntime().availableProcessors();
        DatabaseSet set = DatabaseSet.STANDARD;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--file" -> file = Path.of(args[++i]);
                case "--threads" -> threads = Integer.parseInt(args[++i]);
                case "--databases" -> set = DatabaseSet.parse(args[++i]);
                default -> file = Path.of(args[i]);
            }
        }
        List<Instance> instances = read(file);
        System.out.printf("java %s %s, %d cores, %d search threads%n", System.getProperty("java.version"),
                ManagementFactory.getRuntimeMXBean().getInputArguments(), Runtime.getRuntime().availableProcessors(), threads);

        Path directory = Files.createTempDirectory("npuzzle-korf-bench");
        try {
            long started = System.nanoTime();
            PatternDatabases.in(directory, DatabaseSet.STANDARD).warmUp();
            System.out.printf("6-6-3 databases built and saved: %.2f s (target <= 60 s)%n", seconds(started));
            started = System.nanoTime();
            PatternDatabases databases = PatternDatabases.in(directory, DatabaseSet.STANDARD);
            databases.warmUp();
            System.out.printf("6-6-3 databases loaded from file: %.3f s (target < 1 s)%n", seconds(started));
            solveAll(new Solver(databases, threads), instances, "6-6-3");
            if (set == DatabaseSet.LARGE) {
                // The large set lives in the cache directory: minutes to build, so it is built once and kept.
                Path cache = DatabaseSettings.directory();
                started = System.nanoTime();
                PatternDatabases large = PatternDatabases.in(cache, DatabaseSet.LARGE);
                Shape four = Shape.of(4, 4);
                for (Board goal : List.of(Board.blankFirst(four), Board.solved(four))) {
                    large.heuristicInSet(four, goal.blankIndex(), DatabaseSet.LARGE);
                }
                System.out.printf("7-8 databases loaded (or built) from %s: %.2f s (target: load <= 2 s, build <= 600 s)%n",
                        cache, seconds(started));
                solveAll(new Solver(large, threads), instances, "7-8");
            }
        } finally {
            try (Stream<Path> files = Files.walk(directory)) {
                for (Path path : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(path);
                }
            }
        }
        System.out.printf("peak resident memory (VmHWM): %s (target <= 1 GB)%n", peakResident());
    }

    private static void solveAll(Solver solver, List<Instance> instances, String set) throws IOException {
        Board goal = Board.blankFirst(SHAPE);
        String loadBefore = loadAverage();
        long cpuBefore = processCpuNanos();
        SolveOptions options = SolveOptions.defaults().withBudget(Long.MAX_VALUE, 3_600_000);
        long totalNanos = 0;
        long totalNodes = 0;
        int wrong = 0;
        System.out.println("  id  moves  optimal        nodes  seconds   Mnodes/s");
        for (Instance instance : instances) {
            Puzzle puzzle = new Puzzle(instance.start(), goal);
            long started = System.nanoTime();
            SolveResult result = solver.solve(puzzle, options);
            long nanos = System.nanoTime() - started;
            boolean right = result.optimal() && result.length() == instance.optimal()
                    && instance.start().apply(result.moves()).equals(goal);
            wrong += right ? 0 : 1;
            totalNanos += nanos;
            totalNodes += result.expanded();
            System.out.printf("%4s  %5d  %7d  %11d  %7.3f  %9.1f%s%n", instance.id(), result.length(), instance.optimal(),
                    result.expanded(), nanos / 1e9, result.expanded() / (nanos / 1e3), right ? "" : "  WRONG");
        }
        System.out.printf("%s, all %d: %s; total %.2f s, %,d nodes expanded, %.1f M nodes/s%n",
                set, instances.size(), wrong == 0 ? "optimal lengths, legal moves" : wrong + " WRONG",
                totalNanos / 1e9, totalNodes, totalNodes / (totalNanos / 1e3));
        System.out.printf("process CPU while solving: %.2f s; load average before %s, after %s%n",
                (processCpuNanos() - cpuBefore) / 1e9, loadBefore, loadAverage());
    }

    private static List<Instance> read(Path file) throws IOException {
        List<Instance> instances = new ArrayList<>();
        for (String line : Files.readAllLines(file)) {
            String[] fields = line.strip().split("\\s+");
            if (fields.length == 18) {
                String tiles = String.join(" ", List.of(fields).subList(2, 18));
                instances.add(new Instance(fields[0], Integer.parseInt(fields[1]), BoardParser.parse(tiles, SHAPE)));
            }
        }
        return instances;
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    private static String loadAverage() throws IOException {
        String[] fields = Files.readString(Path.of("/proc/loadavg")).split(" ");
        return fields[0] + " " + fields[1] + " " + fields[2];
    }

    private static String peakResident() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("VmHWM:")) {
                long kib = Long.parseLong(line.replaceAll("\\D", ""));
                return String.format("%.0f MiB", kib / 1024.0);
            }
        }
        return "unknown";
    }

    private static double seconds(long since) {
        return (System.nanoTime() - since) / 1e9;
    }
}
