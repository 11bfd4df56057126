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
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

/** Optimal 24-puzzle searches within a budget, their proofs and anytime answers; see bench/proofs and bench/anytime. */
public class ProofsBench {

    private static final Shape FIVE = Shape.of(5, 5);
    /** Korf's instances with the fewest expansions with 6-6-6-6 databases, fewest first (Döbbelin et al. 2013). */
    private static final List<String> KORF_EASIEST = List.of("40", "38", "25", "44", "32", "28", "22", "36", "30", "1");

    /** One board with its published optimal length. */
    private record Instance(String id, int optimum, Puzzle puzzle) {

        static Instance parse(String line, Board goal) {
            String[] fields = line.strip().split("\\s+");
            Board start = BoardParser.parse(String.join(" ", List.of(fields).subList(2, fields.length)), FIVE);
            return new Instance(fields[0], Integer.parseInt(fields[1]), new Puzzle(start, goal));
        }
    }

    /** Arguments: DeepCubeA's states file, how many, seconds per board, and Korf's 50 file when its ten easiest run first. */
    public static void main(String[] args) throws IOException {
        Locale.setDefault(Locale.ROOT);
        int states = Integer.parseInt(args[1]);
        long millis = Long.parseLong(args[2]) * 1000;
        int cores = Runtime.getRuntime().availableProcessors();
        System.out.printf("java %s %s, %d cores, %d s per board%n", System.getProperty("java.version"),
                ManagementFactory.getRuntimeMXBean().getInputArguments(), cores, millis / 1000);
        PatternDatabases databases = DatabaseSettings.databases();
        long loading = System.nanoTime();
        DatabaseSet set = DatabaseSettings.set();
        databases.heuristicInSet(FIVE, FIVE.size() - 1, set);
        if (args.length > 3) {
            databases.heuristicInSet(FIVE, 0, set);
        }
        System.out.printf("5x5 databases (%s set) ready in %.1f s%n", set.label(),
                (System.nanoTime() - loading) / 1e9);
        Solver solver = new Solver(databases, cores);
        SolveOptions options = SolveOptions.defaults().withBudget(Long.MAX_VALUE, millis);

        if (args.length > 3) {
            List<Instance> korf = Files.readAllLines(Path.of(args[3])).stream().filter(line -> !line.isBlank())
                    .map(line -> Instance.parse(line, Board.blankFirst(FIVE)))
                    .filter(instance -> KORF_EASIEST.contains(instance.id()))
                    .sorted((a, b) -> KORF_EASIEST.indexOf(a.id()) - KORF_EASIEST.indexOf(b.id())).toList();
            run("Korf's ten easiest", korf, solver, options);
        }
        List<Instance> deepCubeA = Files.readAllLines(Path.of(args[0])).stream().filter(line -> !line.isBlank())
                .limit(states).map(line -> Instance.parse(line, Board.solved(FIVE))).toList();
        if (!deepCubeA.isEmpty()) {
            run("DeepCubeA's first " + deepCubeA.size(), deepCubeA, solver, options);
        }
    }

    private static void run(String set, List<Instance> instances, Solver solver, SolveOptions options) {
        System.out.println(set + ":");
        System.out.println("   id  optimal  length  proven  lowerBound  bound  first s          nodes  total s");
        int proven = 0;
        long nodes = 0;
        double seconds = 0;
        double overOptimum = 0;
        double bounds = 0;
        double firstSeconds = 0;
        for (Instance instance : instances) {
            long started = System.nanoTime();
            AtomicLong firstAnswer = new AtomicLong();
            SolveResult result = solver.solve(instance.puzzle(), options.withProgress(report -> {
                if (report.bestLength().isPresent()) {
                    firstAnswer.compareAndSet(0, System.nanoTime());
                }
            }));
            long ended = System.nanoTime();
            check(instance, result);
            double first = ((firstAnswer.get() == 0 ? ended : firstAnswer.get()) - started) / 1e9;
            double took = (ended - started) / 1e9;
            System.out.printf("%5s  %7d  %6d  %6s  %10d  %5.3f  %7.2f  %,13d  %7.2f%n", instance.id(),
                    instance.optimum(), result.length(), result.optimal() ? "yes" : "no",
                    result.lowerBound().getAsInt(), result.bound(), first, result.expanded(), took);
            proven += result.optimal() ? 1 : 0;
            nodes += result.expanded();
            seconds += took;
            overOptimum += (double) result.length() / instance.optimum();
            bounds += result.bound();
            firstSeconds += first;
        }
        int n = instances.size();
        System.out.printf("%s: %d of %d proven optimal (%.0f %%), mean %,d nodes, %.1f M nodes/s; mean length over"
                        + " the optimum %.4f, mean certified bound %.4f, mean time to the first answer %.2f s%n", set,
                proven, n, 100.0 * proven / n, nodes / n, nodes / seconds / 1e6, overOptimum / n, bounds / n,
                firstSeconds / n);
    }

    /** An answer that is legal, never shorter than the optimum, whose lower bound is not above it. */
    private static void check(Instance instance, SolveResult result) {
        Puzzle puzzle = instance.puzzle();
        if (!result.isSolved() || !puzzle.start().apply(result.moves()).equals(puzzle.goal())
                || result.length() < instance.optimum() || result.lowerBound().getAsInt() > instance.optimum()
                || result.optimal() && result.length() != instance.optimum()) {
            throw new IllegalStateException("wrong answer for " + puzzle.start() + ": " + result);
        }
    }
}
