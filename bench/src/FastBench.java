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
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/** FAST mode figures; see bench/fast. */
public class FastBench {

    private static final Shape FIVE = Shape.of(5, 5);
    /** DeepCubeA's test states: the file of each board side. */
    private static final String[][] DEEPCUBEA = {{"6", "puzzle35.txt"}, {"7", "puzzle48.txt"}};

    public static void main(String[] args) throws IOException {
        Locale.setDefault(Locale.ROOT);
        Path bench = Path.of(args[0]);
        int states = 100;
        int korf = 50;
        int boards = 50;
        int deadlines = 0;
        boolean loaded = false;
        long[] budgets = {1000, 30_000};
        List<Integer> sides = new ArrayList<>();
        for (int i = 1; i < args.length; i++) {
            switch (args[i]) {
                case "--states" -> states = Integer.parseInt(args[++i]);
                case "--korf" -> korf = Integer.parseInt(args[++i]);
                case "--boards" -> boards = Integer.parseInt(args[++i]);
                case "--deadlines" -> deadlines = Integer.parseInt(args[++i]);
                case "--loaded" -> loaded = true;
                case "--millis" -> budgets = Arrays.stream(args[++i].split(",")).mapToLong(Long::parseLong).toArray();
                default -> sides.add(Integer.parseInt(args[i]));
            }
        }
        if (sides.isEmpty()) {
            sides = List.of(6, 7, 8);
        }
        System.out.printf("java %s %s, %d cores%n", System.getProperty("java.version"),
                ManagementFactory.getRuntimeMXBean().getInputArguments(), Runtime.getRuntime().availableProcessors());
        Solver solver = DatabaseSettings.solver();
        long started = System.nanoTime();
        solver.warmUp();
        System.out.printf("4x4 databases ready in %.2f s (default cache directory; the 5x5 and block sets are used"
                + " when stored there: bin/npuzzle databases 5x5 6x6 7x7 8x8)%n", (System.nanoTime() - started) / 1e9);
        SolveOptions fast = SolveOptions.defaults(Mode.FAST);
        if (deadlines > 0) {
            Deadlines.print(solver, fast, budgets, deadlines, loaded);
            return;
        }

        List<Integer> sizes = sides;
        for (long millis : states == 0 ? new long[0] : budgets) {
            for (String[] set : DEEPCUBEA) {
                if (!sizes.contains(Integer.parseInt(set[0]))) {
                    continue;
                }
                deepCubeA(solver, fast.withBudget(fast.maxNodes(), millis), Integer.parseInt(set[0]),
                        bench.resolve("deepcubea").resolve(set[1]), states);
            }
        }
        for (long millis : korf == 0 ? new long[0] : budgets) {
            korf(solver, fast.withBudget(fast.maxNodes(), millis), bench.resolve("korf50-24.txt"), korf);
        }
        Random random = new Random(2024);
        for (int side : boards == 0 ? List.<Integer>of() : sides) {
            Shape shape = Shape.of(side, side);
            Board goal = Board.solved(shape);
            Tally tally = new Tally();
            for (int i = 0; i < boards; i++) {
                Puzzle puzzle = RandomBoards.solvable(goal, random);
                tally.add(puzzle, solver, fast, 0);
            }
            System.out.printf("%s fast 1 s, %d random solvable boards: mean length %.1f (longest %d), mean %.1f ms"
                    + " (slowest %.1f ms), mean certified bound %.3f%n", shape, boards, tally.meanLength(),
                    tally.longest, tally.meanMillis(), tally.slowest, tally.meanBound());
        }
    }

    /** The first {@code count} of DeepCubeA's states of one size: our lengths against DeepCubeA's. */
    private static void deepCubeA(Solver solver, SolveOptions options, int side, Path file, int count)
            throws IOException {
        Shape shape = Shape.of(side, side);
        Board goal = Board.solved(shape);
        List<String> lines = Files.readAllLines(file).stream().filter(line -> !line.isBlank()).limit(count).toList();
        Tally tally = new Tally();
        long theirs = 0;
        for (String line : lines) {
            String[] fields = line.strip().split("\\s+");
            theirs += Integer.parseInt(fields[1]);
            Board start = BoardParser.parse(String.join(" ", List.of(fields).subList(2, fields.length)), shape);
            tally.add(new Puzzle(start, goal), solver, options, 0);
        }
        double deepCubeA = theirs / (double) lines.size();
        System.out.printf("%s fast %d ms, DeepCubeA's first %d states: mean length %.1f against DeepCubeA's %.1f"
                        + " (ratio %.3f), longest %d, mean %.0f ms (slowest %.0f ms), mean certified bound %.3f%n",
                shape, options.maxMillis(), lines.size(), tally.meanLength(), deepCubeA,
                tally.meanLength() / deepCubeA, tally.longest, tally.meanMillis(), tally.slowest, tally.meanBound());
    }

    /** Korf's 24-puzzles: mean and worst ratio of the length to the optimum. */
    private static void korf(Solver solver, SolveOptions options, Path file, int count) throws IOException {
        List<String> lines = Files.readAllLines(file).stream().filter(line -> !line.isBlank()).limit(count).toList();
        Tally tally = new Tally();
        for (String line : lines) {
            String[] fields = line.strip().split("\\s+");
            Board start = BoardParser.parse(String.join(" ", List.of(fields).subList(2, fields.length)), FIVE);
            tally.add(new Puzzle(start, Board.blankFirst(FIVE)), solver, options, Integer.parseInt(fields[1]));
        }
        System.out.printf("5x5 fast %d ms, Korf's %d instances: mean length ratio to the optimum %.3f, worst %.3f,"
                        + " mean %.0f ms (slowest %.0f ms), mean certified bound %.3f, %d proven optimal%n",
                options.maxMillis(), lines.size(), tally.ratios / lines.size(), tally.worstRatio, tally.meanMillis(),
                tally.slowest, tally.meanBound(), tally.proven);
    }

    /** Lengths and times of a set of answers, each checked legal. */
    private static final class Tally {
        long moves;
        int answers;
        int longest;
        double millis;
        double slowest;
        double ratios;
        double worstRatio;
        double bounds;
        int proven;

        void add(Puzzle puzzle, Solver solver, SolveOptions options, int optimal) {
            long t = System.nanoTime();
            SolveResult result = solver.solve(puzzle, options);
            double ms = (System.nanoTime() - t) / 1e6;
            if (!result.isSolved() || !puzzle.start().apply(result.moves()).equals(puzzle.goal())) {
                throw new IllegalStateException("no legal answer for " + puzzle.start());
            }
            moves += result.length();
            answers++;
            longest = Math.max(longest, result.length());
            millis += ms;
            slowest = Math.max(slowest, ms);
            bounds += result.bound();
            proven += result.optimal() ? 1 : 0;
            if (optimal > 0) {
                double ratio = result.length() / (double) optimal;
                ratios += ratio;
                worstRatio = Math.max(worstRatio, ratio);
            }
        }

        double meanLength() {
            return moves / (double) answers;
        }

        double meanMillis() {
            return millis / answers;
        }

        /** The mean factor the answers are proven within: length over the lower bound each certifies. */
        double meanBound() {
            return bounds / answers;
        }
    }

    /**
     * Fast answers against their deadline: for each shape and time, the solve's wall time and the millis it reports over
     * random boards, as they come in a fresh JVM (the first board of each shape pays for its code's compilation).
     */
    static final class Deadlines {

        private static final List<Shape> SHAPES = List.of(Shape.of(3, 3), Shape.of(4, 4), Shape.of(5, 5), Shape.of(6, 6),
                Shape.of(7, 7), Shape.of(8, 8), Shape.of(3, 5), Shape.of(4, 6), Shape.of(5, 7), Shape.of(6, 8));

        private Deadlines() {
        }

        static void print(Solver solver, SolveOptions fast, long[] budgets, int boards, boolean loaded) {
            List<Thread> spinners = new ArrayList<>();
            if (loaded) {
                for (int i = 0; i < Runtime.getRuntime().availableProcessors(); i++) {
                    Thread spinner = new Thread(Deadlines::spin);
                    spinner.setDaemon(true);
                    spinner.start();
                    spinners.add(spinner);
                }
            }
            System.out.printf("%d random boards a shape and time%s: wall time of the solve and reported millis,"
                    + " median and max; answers past the deadline%n", boards,
                    loaded ? ", a busy thread spinning on each core" : "");
            for (long millis : budgets) {
                SolveOptions options = fast.withBudget(fast.maxNodes(), millis);
                for (Shape shape : SHAPES) {
                    Random random = new Random(shape.size() * 1000L + millis);
                    double[] wall = new double[boards];
                    double[] reported = new double[boards];
                    int late = 0;
                    for (int i = 0; i < boards; i++) {
                        Puzzle puzzle = RandomBoards.solvable(Board.solved(shape), random);
                        long t = System.nanoTime();
                        SolveResult result = solver.solve(puzzle, options);
                        wall[i] = (System.nanoTime() - t) / 1e6;
                        reported[i] = result.millis();
                        if (!result.isSolved() || !puzzle.start().apply(result.moves()).equals(puzzle.goal())) {
                            throw new IllegalStateException("no legal answer for " + puzzle.start());
                        }
                        late += wall[i] > millis ? 1 : 0;
                    }
                    Arrays.sort(wall);
                    Arrays.sort(reported);
                    System.out.printf("%-4s %6d ms: wall %7.1f / %7.1f ms, reported %7.1f / %7.1f ms, %d late%n", shape,
                            millis, wall[boards / 2], wall[boards - 1], reported[boards / 2], reported[boards - 1], late);
                }
            }
            spinners.forEach(Thread::interrupt);
        }

        /** Keeps a core busy until interrupted. */
        private static void spin() {
            long x = 0;
            while (!Thread.currentThread().isInterrupted()) {
                x += System.nanoTime() % 7;
            }
            if (x == 42) {
                System.out.print("");
            }
        }
    }
}
