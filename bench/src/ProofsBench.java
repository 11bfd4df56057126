import io.npuzzle.cli.DatabaseSettings;
import io.npuzzle.core.board.Board;
import io.npuzzle.core.board.BoardParser;
import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.board.Shape;
import io.npuzzle.core.model.SolveOptions;
import io.npuzzle.core.model.SolveResult;
import io.npuzzle.core.pdb.LoadPolicy;
import io.npuzzle.core.pdb.PatternDatabases;
import io.npuzzle.core.solve.Solver;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** Optimal 24-puzzle proofs within a budget; see bench/proofs. */
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

    public static void main(String[] args) throws IOException {
        Locale.setDefault(Locale.ROOT);
        int states = Integer.parseInt(args[2]);
        long millis = Long.parseLong(args[3]) * 1000;
        int cores = Runtime.getRuntime().availableProcessors();
        System.out.printf("java %s %s, %d cores, %d s per board%n", System.getProperty("java.version"),
                ManagementFactory.getRuntimeMXBean().getInputArguments(), cores, millis / 1000);
        PatternDatabases databases = DatabaseSettings.databases();
        long loading = System.nanoTime();
        databases.heuristic(FIVE, 0, LoadPolicy.LOAD);
        databases.heuristic(FIVE, FIVE.size() - 1, LoadPolicy.LOAD);
        System.out.printf("5x5 databases ready in %.1f s%n", (System.nanoTime() - loading) / 1e9);
        Solver solver = new Solver(databases, cores);
        SolveOptions options = SolveOptions.defaults().withBudget(Long.MAX_VALUE, millis);

        List<Instance> korf = Files.readAllLines(Path.of(args[0])).stream().filter(line -> !line.isBlank())
                .map(line -> Instance.parse(line, Board.blankFirst(FIVE)))
                .filter(instance -> KORF_EASIEST.contains(instance.id()))
                .sorted((a, b) -> KORF_EASIEST.indexOf(a.id()) - KORF_EASIEST.indexOf(b.id())).toList();
        run("Korf's ten easiest", korf, solver, options);
        List<Instance> deepCubeA = Files.readAllLines(Path.of(args[1])).stream().filter(line -> !line.isBlank())
                .limit(states).map(line -> Instance.parse(line, Board.solved(FIVE))).toList();
        run("DeepCubeA's first " + deepCubeA.size(), deepCubeA, solver, options);
    }

    private static void run(String set, List<Instance> instances, Solver solver, SolveOptions options) {
        System.out.println(set + ":");
        System.out.println("   id  optimal  proven  lowerBound          nodes  seconds");
        int proven = 0;
        long nodes = 0;
        double seconds = 0;
        for (Instance instance : instances) {
            long started = System.nanoTime();
            SolveResult result = solver.solve(instance.puzzle(), options);
            double took = (System.nanoTime() - started) / 1e9;
            check(instance, result);
            System.out.printf("%5s  %7d  %6s  %10d  %,13d  %7.2f%n", instance.id(), instance.optimum(),
                    result.optimal() ? "yes" : "no", result.lowerBound().orElse(0), result.expanded(), took);
            proven += result.optimal() ? 1 : 0;
            nodes += result.expanded();
            seconds += took;
        }
        System.out.printf("%s: %d of %d proven optimal (%.0f %%), mean %,d nodes, %.1f M nodes/s%n", set, proven,
                instances.size(), 100.0 * proven / instances.size(), nodes / instances.size(), nodes / seconds / 1e6);
    }

    /** An answer that is legal, never shorter than the optimum, its length the optimum when proven. */
    private static void check(Instance instance, SolveResult result) {
        Puzzle puzzle = instance.puzzle();
        if (!result.isSolved() || !puzzle.start().apply(result.moves()).equals(puzzle.goal())
                || result.length() < instance.optimum() || result.optimal() && result.length() != instance.optimum()
                || result.lowerBound().orElse(0) > instance.optimum()) {
            throw new IllegalStateException("wrong answer for " + puzzle.start() + ": " + result);
        }
    }
}
