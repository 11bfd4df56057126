import io.npuzzle.cli.DatabaseSettings;
import io.npuzzle.core.board.Board;
import io.npuzzle.core.board.BoardParser;
import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.board.RandomBoards;
import io.npuzzle.core.board.Shape;
import io.npuzzle.core.model.SolveOptions;
import io.npuzzle.core.model.SolveResult;
import io.npuzzle.core.pdb.DatabaseSet;
import io.npuzzle.core.pdb.LoadPolicy;
import io.npuzzle.core.pdb.PatternDatabases;
import io.npuzzle.core.solve.Solver;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/** Optimal answers per shape with the pattern databases; see bench/shapes. */
public class ShapesBench {

    /** Korf's 50 24-puzzle instances that need the fewest nodes with 6-6-6-6 databases and reflection. */
    private static final List<String> EASIEST_24 = List.of("38", "40", "25", "32", "47");

    public static void main(String[] args) throws IOException {
        Locale.setDefault(Locale.ROOT);
        Path korf50 = Path.of(args[0]);
        int boards = Integer.parseInt(args[1]);
        long millis = Long.parseLong(args[2]);
        DatabaseSet set = args.length > 4 && args[3].equals("--databases") ? DatabaseSet.parse(args[4]) : DatabaseSet.STANDARD;
        System.out.printf("java %s %s, %d cores, budget %d ms per board, %s databases%n", System.getProperty("java.version"),
                ManagementFactory.getRuntimeMXBean().getInputArguments(), Runtime.getRuntime().availableProcessors(), millis,
                set.label());
        PatternDatabases databases = PatternDatabases.in(DatabaseSettings.directory(), set);
        Solver solver = new Solver(databases, Runtime.getRuntime().availableProcessors());
        SolveOptions options = SolveOptions.defaults().withBudget(Long.MAX_VALUE, millis);
        for (Shape shape : List.of(Shape.of(3, 4), Shape.of(3, 5), Shape.of(2, 7), Shape.of(4, 5))) {
            // One stream per shape, so that a longer run's boards begin with a shorter run's.
            Random random = new Random(2026);
            Board goal = Board.solved(shape);
            long started = System.nanoTime();
            databases.heuristicInSet(shape, goal.blankIndex(), set); // the large set's where it has one, waited for
            double ready = (System.nanoTime() - started) / 1e9;
            Figures figures = new Figures();
            for (int i = 0; i < boards; i++) {
                figures.add(solver, RandomBoards.solvable(goal, random), options, -1);
            }
            figures.print(shape + ", " + boards + " random boards", ready);
        }
        Shape five = Shape.of(5, 5);
        long started = System.nanoTime();
        databases.heuristic(five, 0, LoadPolicy.LOAD);
        double ready = (System.nanoTime() - started) / 1e9;
        SolveOptions fiveByFive = SolveOptions.defaults().withBudget(Long.MAX_VALUE, Math.max(millis, 60_000));
        Figures figures = new Figures();
        for (String line : Files.readAllLines(korf50)) {
            String[] fields = line.strip().split("\\s+");
            if (fields.length == 27 && EASIEST_24.contains(fields[0])) {
                Board start = BoardParser.parse(String.join(" ", List.of(fields).subList(2, 27)), five);
                figures.add(solver, new Puzzle(start, Board.blankFirst(five)), fiveByFive, Integer.parseInt(fields[1]));
            }
        }
        figures.print("5x5, Korf's " + EASIEST_24.size() + " easiest of 50 (" + String.join(", ", EASIEST_24) + "), 60 s each", ready);
    }

    /** Share solved optimally, mean nodes and seconds of one shape. */
    private static final class Figures {
        int boards;
        int optimal;
        long nodes;
        double seconds;
        double slowest;

        void add(Solver solver, Puzzle puzzle, SolveOptions options, int knownLength) {
            long started = System.nanoTime();
            SolveResult result = solver.solve(puzzle, options);
            double took = (System.nanoTime() - started) / 1e9;
            if (result.isSolved() && (!puzzle.start().apply(result.moves()).equals(puzzle.goal())
                    || knownLength >= 0 && result.length() != knownLength)) {
                throw new IllegalStateException("wrong answer for " + puzzle.start());
            }
            boards++;
            optimal += result.isSolved() && result.optimal() ? 1 : 0;
            nodes += result.expanded();
            seconds += took;
            slowest = Math.max(slowest, took);
        }

        void print(String what, double ready) {
            System.out.printf("%s: %d/%d optimal (%.0f%%), mean %,d nodes, mean %.2f s, slowest %.2f s, %.1f M nodes/s;"
                            + " databases ready in %.1f s%n", what, optimal, boards, 100.0 * optimal / boards,
                    nodes / boards, seconds / boards, slowest, nodes / seconds / 1e6, ready);
        }
    }
}
