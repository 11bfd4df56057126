import io.npuzzle.cli.DatabaseSettings;
import io.npuzzle.core.board.Board;
import io.npuzzle.core.board.BoardParser;
import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.board.RandomBoards;
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
import java.util.Random;

/** FAST mode figures; see bench/fast. */
public class FastBench {

    private static final int BOARDS = 50;
    private static final Shape FIVE = Shape.of(5, 5);

    public static void main(String[] args) throws IOException {
        Locale.setDefault(Locale.ROOT);
        Path korf50 = Path.of(args[0]);
        int[] sides = args.length == 1 ? new int[] {6, 7, 8}
                : Arrays.stream(args).skip(1).mapToInt(Integer::parseInt).toArray();
        System.out.printf("java %s %s, %d cores%n", System.getProperty("java.version"),
                ManagementFactory.getRuntimeMXBean().getInputArguments(), Runtime.getRuntime().availableProcessors());
        Solver solver = DatabaseSettings.solver();
        long started = System.nanoTime();
        solver.warmUp();
        System.out.printf("4x4 databases ready in %.2f s (default cache directory; the 5x5 set is used when stored there:"
                + " bin/npuzzle databases 5x5)%n", (System.nanoTime() - started) / 1e9);
        SolveOptions fast = SolveOptions.defaults().withMode(Mode.FAST);

        double ratios = 0;
        double worstRatio = 0;
        double slowest = 0;
        List<String> lines = Files.readAllLines(korf50).stream().filter(line -> !line.isBlank()).toList();
        for (String line : lines) {
            String[] fields = line.strip().split("\\s+");
            int optimal = Integer.parseInt(fields[1]);
            Board start = BoardParser.parse(String.join(" ", List.of(fields).subList(2, fields.length)), FIVE);
            Puzzle puzzle = new Puzzle(start, Board.blankFirst(FIVE));
            long t = System.nanoTime();
            SolveResult result = check(puzzle, solver.solve(puzzle, fast));
            slowest = Math.max(slowest, (System.nanoTime() - t) / 1e6);
            double ratio = result.length() / (double) optimal;
            ratios += ratio;
            worstRatio = Math.max(worstRatio, ratio);
        }
        System.out.printf("5x5 fast, Korf's %d instances: mean length ratio to the optimum %.3f (target <= 1.10), worst %.3f,"
                + " slowest %.0f ms (target <= 1000 ms)%n", lines.size(), ratios / lines.size(), worstRatio, slowest);

        Random random = new Random(2024);
        for (int side : sides) {
            Shape shape = Shape.of(side, side);
            Board goal = Board.solved(shape);
            long moves = 0;
            int longest = 0;
            double millis = 0;
            double slowestBoard = 0;
            for (int i = 0; i < BOARDS; i++) {
                Puzzle puzzle = RandomBoards.solvable(goal, random);
                long t = System.nanoTime();
                SolveResult result = check(puzzle, solver.solve(puzzle, fast));
                double ms = (System.nanoTime() - t) / 1e6;
                moves += result.length();
                longest = Math.max(longest, result.length());
                millis += ms;
                slowestBoard = Math.max(slowestBoard, ms);
            }
            System.out.printf("%s fast, %d random solvable boards: mean length %.1f (longest %d), mean %.1f ms (slowest %.1f ms)%n",
                    shape, BOARDS, moves / (double) BOARDS, longest, millis / BOARDS, slowestBoard);
        }
    }

    private static SolveResult check(Puzzle puzzle, SolveResult result) {
        if (!result.isSolved() || !puzzle.start().apply(result.moves()).equals(puzzle.goal())) {
            throw new IllegalStateException("no legal answer for " + puzzle.start());
        }
        return result;
    }
}
