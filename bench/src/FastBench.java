import io.npuzzle.core.board.Board;
import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.board.RandomBoards;
import io.npuzzle.core.board.Shape;
import io.npuzzle.core.solve.Mode;
import io.npuzzle.core.solve.SolveOptions;
import io.npuzzle.core.solve.SolveResult;
import io.npuzzle.core.solve.Solver;

import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.Locale;
import java.util.Random;

/** FAST mode figures; see bench/fast. */
public class FastBench {

    private static final int BOARDS = 50;

    public static void main(String[] args) {
        Locale.setDefault(Locale.ROOT);
        int[] sides = args.length == 0 ? new int[] {5, 6} : Arrays.stream(args).mapToInt(Integer::parseInt).toArray();
        System.out.printf("java %s %s, %d cores%n", System.getProperty("java.version"),
                ManagementFactory.getRuntimeMXBean().getInputArguments(), Runtime.getRuntime().availableProcessors());
        Solver solver = new Solver();
        long started = System.nanoTime();
        solver.warmUp();
        System.out.printf("databases ready in %.2f s (default cache directory)%n", (System.nanoTime() - started) / 1e9);
        SolveOptions fast = SolveOptions.defaults().withMode(Mode.FAST);
        Random random = new Random(2024);
        for (int side : sides) {
            Shape shape = Shape.of(side, side);
            Board goal = Board.solved(shape);
            long moves = 0;
            int longest = 0;
            double millis = 0;
            double slowest = 0;
            for (int i = 0; i < BOARDS; i++) {
                Puzzle puzzle = RandomBoards.solvable(goal, random);
                long t = System.nanoTime();
                SolveResult result = solver.solve(puzzle, fast);
                double ms = (System.nanoTime() - t) / 1e6;
                if (!puzzle.start().apply(result.moves()).equals(goal)) {
                    throw new IllegalStateException("illegal answer for " + puzzle.start());
                }
                moves += result.length();
                longest = Math.max(longest, result.length());
                millis += ms;
                slowest = Math.max(slowest, ms);
            }
            System.out.printf("%s fast, %d random solvable boards: mean length %.1f (longest %d), mean %.1f ms (slowest %.1f ms)%n",
                    shape, BOARDS, moves / (double) BOARDS, longest, millis / BOARDS, slowest);
        }
    }
}
