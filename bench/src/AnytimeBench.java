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
import java.util.concurrent.atomic.AtomicLong;

/** Anytime optimal answers; see bench/anytime. */
public class AnytimeBench {

    private static final Shape FIVE = Shape.of(5, 5);

    public static void main(String[] args) throws IOException {
        Locale.setDefault(Locale.ROOT);
        int count = Integer.parseInt(args[1]);
        long millis = Long.parseLong(args[2]) * 1000;
        int cores = Runtime.getRuntime().availableProcessors();
        System.out.printf("java %s %s, %d cores, %d s per state%n", System.getProperty("java.version"),
                ManagementFactory.getRuntimeMXBean().getInputArguments(), cores, millis / 1000);
        PatternDatabases databases = DatabaseSettings.databases();
        long loading = System.nanoTime();
        databases.heuristic(FIVE, FIVE.size() - 1, LoadPolicy.LOAD);
        System.out.printf("5x5 databases ready in %.1f s%n", (System.nanoTime() - loading) / 1e9);
        Solver solver = new Solver(databases, cores);

        System.out.println("state  optimal  length  proven  lowerBound  bound   first s  total s");
        List<String[]> states = Files.readAllLines(Path.of(args[0])).stream().filter(line -> !line.isBlank())
                .limit(count).map(line -> line.strip().split("\\s+")).toList();
        int proven = 0;
        double overOptimum = 0;
        double bounds = 0;
        double firstSeconds = 0;
        for (String[] fields : states) {
            int optimum = Integer.parseInt(fields[1]);
            Puzzle puzzle = new Puzzle(BoardParser.parse(String.join(" ", List.of(fields).subList(2, fields.length)),
                    FIVE), Board.solved(FIVE));
            long started = System.nanoTime();
            AtomicLong firstAnswer = new AtomicLong();
            SolveResult result = solver.solve(puzzle, SolveOptions.defaults().withBudget(Long.MAX_VALUE, millis)
                    .withProgress(report -> {
                        if (report.bestLength().isPresent()) {
                            firstAnswer.compareAndSet(0, System.nanoTime());
                        }
                    }));
            long ended = System.nanoTime();
            check(puzzle, result, optimum);
            double first = ((firstAnswer.get() == 0 ? ended : firstAnswer.get()) - started) / 1e9;
            int lowerBound = result.lowerBound().getAsInt();
            System.out.printf("%5s  %7d  %6d  %6s  %10d  %5.3f  %8.2f  %7.2f%n", fields[0], optimum, result.length(),
                    result.optimal() ? "yes" : "no", lowerBound, result.bound(), first, (ended - started) / 1e9);
            proven += result.optimal() ? 1 : 0;
            overOptimum += (double) result.length() / optimum;
            bounds += result.bound();
            firstSeconds += first;
        }
        int n = states.size();
        System.out.printf("%d states, %d s each: %d proven optimal (%.0f %%), mean length over the optimum %.4f,"
                        + " mean certified bound %.4f, mean time to the first answer %.2f s%n", n, millis / 1000, proven,
                100.0 * proven / n, overOptimum / n, bounds / n, firstSeconds / n);
    }

    /** An answer that is legal, never shorter than the optimum, whose lower bound is not above it. */
    private static void check(Puzzle puzzle, SolveResult result, int optimum) {
        if (!result.isSolved() || !puzzle.start().apply(result.moves()).equals(puzzle.goal())
                || result.length() < optimum || result.lowerBound().getAsInt() > optimum
                || result.optimal() && result.length() != optimum) {
            throw new IllegalStateException("wrong answer for " + puzzle.start() + ": " + result);
        }
    }
}
