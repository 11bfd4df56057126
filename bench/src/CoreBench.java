import io.npuzzle.cli.DatabaseSettings;
import io.npuzzle.core.board.Board;
import io.npuzzle.core.board.BoardParser;
import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.board.Shape;
import io.npuzzle.core.model.SolveOptions;
import io.npuzzle.core.model.SolveResult;
import io.npuzzle.core.search.AStarSearch;
import io.npuzzle.core.search.Budget;
import io.npuzzle.core.solve.Solver;
import io.npuzzle.core.table.ExactTable;

import java.util.Locale;
import java.util.Random;

/** Prints the core's headline figures; see bench/core. */
public class CoreBench {

    private static final Shape EIGHT = Shape.of(3, 3);

    public static void main(String[] args) {
        Locale.setDefault(Locale.ROOT);
        System.out.printf("java %s, %d cores%n", System.getProperty("java.version"),
                Runtime.getRuntime().availableProcessors());
        tableBuild();
        throughput();
        aStar();
    }

    private static void tableBuild() {
        long cold = ExactTable.build(EIGHT, 8).buildNanos();
        long best = Long.MAX_VALUE;
        for (int i = 0; i < 10; i++) {
            best = Math.min(best, ExactTable.build(EIGHT, 8).buildNanos());
        }
        System.out.printf("3x3 exact table build: first %.1f ms, best of 10 %.1f ms (target <= 200 ms)%n",
                cold / 1e6, best / 1e6);
    }

    private static void throughput() {
        Random random = new Random(1);
        String[] lines = new String[100_000];
        for (int i = 0; i < lines.length; i++) {
            lines[i] = randomLine(random);
        }
        Solver solver = DatabaseSettings.solver();
        Board goal = Board.solved(EIGHT);
        double best = 0;
        long checksum = 0;
        for (int round = 1; round <= 5; round++) {
            StringBuilder out = new StringBuilder(lines.length * 24);
            long start = System.nanoTime();
            for (String line : lines) {
                SolveResult result = solver.solve(new Puzzle(BoardParser.parse(line, EIGHT), goal));
                out.append(result.solvable() ? result.moves() : "unsolvable").append('\n');
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            checksum += out.length();
            best = Math.max(best, lines.length / seconds);
            System.out.printf("3x3 parse + solve + format, round %d: %,.0f boards/s%n", round, lines.length / seconds);
        }
        System.out.printf("3x3 throughput, best round: %,.0f boards/s over 100,000 random boards (target >= 500,000)"
                + " [checksum %d]%n", best, checksum);
    }

    private static void aStar() {
        Shape shape = Shape.of(4, 4);
        Board goal = Board.solved(shape);
        Random random = new Random(42);
        long expanded = 0;
        long nanos = 0;
        int solved = 0;
        for (int i = 0; i < 1000; i++) {
            String walk = randomWalk(shape, goal.blankIndex(), 30 + random.nextInt(11), random);
            Puzzle puzzle = new Puzzle(goal.apply(walk), goal);
            long start = System.nanoTime();
            SolveResult result = new AStarSearch(shape, puzzle.goalBlank())
                    .solve(puzzle.relabelledStart(), new Budget(SolveOptions.defaults(), start), start);
            if (i >= 100) { // the first boards warm the JIT
                nanos += System.nanoTime() - start;
                expanded += result.expanded();
                solved += result.isSolved() ? 1 : 0;
            }
        }
        System.out.printf("A* on 4x4 boards scrambled by 30-40 random moves: %d boards solved, %,d nodes expanded in"
                + " %.2f s = %,.0f nodes/s (target >= 2,000,000)%n", solved, expanded, nanos / 1e9, expanded / (nanos / 1e9));
    }

    private static String randomLine(Random random) {
        int[] tiles = {1, 2, 3, 4, 5, 6, 7, 8, 0};
        for (int i = tiles.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = tiles[i];
            tiles[i] = tiles[j];
            tiles[j] = t;
        }
        StringBuilder line = new StringBuilder(17);
        for (int tile : tiles) {
            line.append(line.length() == 0 ? "" : " ").append(tile == 0 ? "x" : Integer.toString(tile));
        }
        return line.toString();
    }

    private static String randomWalk(Shape shape, int blank, int length, Random random) {
        StringBuilder moves = new StringBuilder();
        int last = -1;
        while (moves.length() < length) {
            int m = random.nextInt(4);
            if (last >= 0 && (m ^ 1) == last) {
                continue; // no immediate undo, so the walk really scrambles
            }
            int r = blank / shape.cols() + (m == 0 ? -1 : m == 1 ? 1 : 0);
            int c = blank % shape.cols() + (m == 2 ? -1 : m == 3 ? 1 : 0);
            if (r >= 0 && r < shape.rows() && c >= 0 && c < shape.cols()) {
                moves.append("udlr".charAt(m));
                blank = r * shape.cols() + c;
                last = m;
            }
        }
        return moves.toString();
    }
}
