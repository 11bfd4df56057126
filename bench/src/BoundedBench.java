import io.npuzzle.cli.DatabaseSettings;
import io.npuzzle.core.board.Board;
import io.npuzzle.core.board.BoardParser;
import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.board.Shape;
import io.npuzzle.core.model.Mode;
import io.npuzzle.core.model.SolveOptions;
import io.npuzzle.core.model.SolveResult;
import io.npuzzle.core.solve.Solver;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** BOUNDED mode figures; see bench/bounded. */
public class BoundedBench {

    private static final long MILLIS_PER_BOARD = 20_000;

    public static void main(String[] args) throws IOException {
        Locale.setDefault(Locale.ROOT);
        double[] ratios = args.length == 2 ? new double[] {1.05, 1.1, 1.25, 1.5, 2.0}
                : Arrays.stream(args).skip(2).mapToDouble(Double::parseDouble).toArray();
        System.out.printf("java %s %s, %d cores, %d s per board%n", System.getProperty("java.version"),
                ManagementFactory.getRuntimeMXBean().getInputArguments(), Runtime.getRuntime().availableProcessors(),
                MILLIS_PER_BOARD / 1000);
        Solver solver = DatabaseSettings.solver();
        solver.warmUp();
        List<Puzzle> fifteen = instances(Path.of(args[0]), Shape.of(4, 4), 40);
        List<Puzzle> twentyFour = instances(Path.of(args[1]), Shape.of(5, 5), 10);
        int[] fifteenOptima = optima(Path.of(args[0]), 40);
        int[] twentyFourOptima = optima(Path.of(args[1]), 10);
        for (double ratio : ratios) {
            SolveOptions bounded = SolveOptions.defaults().withMode(Mode.BOUNDED).withRatio(ratio)
                    .withBudget(Long.MAX_VALUE, MILLIS_PER_BOARD);
            run(solver, "4x4, Korf's first 40", fifteen, fifteenOptima, bounded);
            run(solver, "5x5, Korf's first 10", twentyFour, twentyFourOptima, bounded);
        }
    }

    private static void run(Solver solver, String name, List<Puzzle> puzzles, int[] optima, SolveOptions options) {
        int answered = 0;
        long length = 0;
        long shortest = 0;
        double seconds = 0;
        double slowest = 0;
        for (int i = 0; i < puzzles.size(); i++) {
            Puzzle puzzle = puzzles.get(i);
            long started = System.nanoTime();
            SolveResult result = solver.solve(puzzle, options);
            double took = (System.nanoTime() - started) / 1e9;
            seconds += took;
            slowest = Math.max(slowest, took);
            if (result.isSolved()) {
                if (!puzzle.start().apply(result.moves()).equals(puzzle.goal())
                        || result.length() > options.ratio() * optima[i]) {
                    throw new IllegalStateException("wrong answer for " + puzzle.start());
                }
                answered++;
                length += result.length();
                shortest += optima[i];
            }
        }
        System.out.printf("ratio %.2f, %s: %d/%d answered, %d moves against %d optimal (%.3f), %.2f s in all, slowest %.2f s%n",
                options.ratio(), name, answered, puzzles.size(), length, shortest,
                shortest == 0 ? 0 : (double) length / shortest, seconds, slowest);
    }

    private static List<Puzzle> instances(Path file, Shape shape, int count) throws IOException {
        return lines(file, count).stream().map(fields -> new Puzzle(
                BoardParser.parse(String.join(" ", List.of(fields).subList(2, fields.length)), shape),
                Board.blankFirst(shape))).toList();
    }

    private static int[] optima(Path file, int count) throws IOException {
        return lines(file, count).stream().mapToInt(fields -> Integer.parseInt(fields[1])).toArray();
    }

    private static List<String[]> lines(Path file, int count) throws IOException {
        return Files.readAllLines(file).stream().filter(line -> !line.isBlank()).limit(count)
                .map(line -> line.strip().split("\\s+")).toList();
    }
}
