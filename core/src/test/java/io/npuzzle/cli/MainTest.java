package io.npuzzle.cli;

import io.npuzzle.core.board.Board;
import io.npuzzle.core.board.BoardParser;
import io.npuzzle.core.board.Shape;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MainTest {

    private record Run(int status, String out, String err) {
        String[] lines() {
            return out.split("\n", -1);
        }
    }

    private static Run run(String input, String... args) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Main.run(args, new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)), out,
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void eightAnswersTheSampleWithAShortestSolution() throws IOException {
        Run run = run("2 3 4 1 5 x 7 6 8\n", "eight");
        assertEquals(0, run.status());
        String moves = run.out().strip();
        assertEquals(19, moves.length());
        Shape shape = Shape.of(3, 3);
        assertEquals(Board.solved(shape), BoardParser.parse("2 3 4 1 5 x 7 6 8", shape).apply(moves));
    }

    @Test
    void eightAnswersSolvedUnsolvableAndMalformedLinesInOrder() throws IOException {
        Run run = run("1 2 3 4 5 6 7 8 x\n\n1 2 3 4 5 6 8 7 x\n1 2 3\n12345678x\n", "eight");
        assertEquals("\nunsolvable\nerror: expected 9 tiles for a 3x3 board, got 3\n\n", run.out());
        assertEquals(Main.EXIT_BAD_LINES, run.status());
    }

    @Test
    void sevenAnswersTheSamples() throws IOException {
        Run run = run("0 1 2 3 4 5 6 7\n1 0 2 3 4 5 6 7\n7 6 5 4 3 2 1 0\n", "seven");
        assertEquals("0\n1\n28\n", run.out());
        assertEquals(0, run.status());
    }

    @Test
    void sevenAnswersAThousandLines() throws IOException {
        Random random = new Random(5);
        StringBuilder input = new StringBuilder();
        for (int i = 0; i < 1000; i++) {
            input.append(Board.blankFirst(Shape.of(2, 4)).apply(walk(random, 60))).append('\n');
        }
        Run run = run(input.toString(), "seven");
        String[] lines = run.lines();
        assertEquals(1001, lines.length);
        for (int i = 0; i < 1000; i++) {
            int moves = Integer.parseInt(lines[i]);
            assertTrue(moves >= 0 && moves <= 36);
        }
    }

    @Test
    void solveTakesShapeGoalAndJson() throws IOException {
        Run run = run("1 2 3 0 4 5\n", "solve", "--rows", "2", "--cols=3", "--goal", "0 1 2 3 4 5", "--json");
        assertEquals(0, run.status());
        assertTrue(run.out().startsWith("{\"outcome\":\"SOLVED\",\"solvable\":true,\"moves\":\""), run.out());
        assertTrue(run.out().contains("\"optimal\":true"), run.out());
        assertTrue(run.out().contains("\"bound\":1.0,\"lowerBound\":"), run.out());
        Run plain = run("1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15\n2 1 3 4 5 6 7 8 9 10 11 12 13 14 15 0\n", "solve");
        assertEquals("r\nunsolvable\n", plain.out());
    }

    @Test
    void solveAnswersAnExhaustedBudgetWithItsBestAnswerAndWhatItProvedCountingItInTheExitStatus() throws IOException {
        String board = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3";
        String goal = "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15";
        Run run = run(board + "\n1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0\n", "solve", "--goal", goal, "--max-nodes", "100");
        String[] lines = run.out().split("\n");
        assertTrue(lines[0].matches("[udlr]+ \\(not proven shortest: the node budget ran out after 100 nodes in \\d+ ms;"
                + " \\d+ moves, at least \\d+ needed: within \\d\\.\\d{3} of the shortest\\)"), run.out());
        Shape shape = Shape.of(4, 4);
        String moves = lines[0].substring(0, lines[0].indexOf(' '));
        assertEquals(BoardParser.parse(goal, shape), BoardParser.parse(board, shape).apply(moves));
        assertEquals(2, lines.length, "the next board is still answered");
        assertEquals(Main.EXIT_BAD_LINES, run.status());
    }

    @Test
    void aBoundedSolveOverBudgetSaysSoWithTheBestAnswerFound() throws IOException {
        Run run = run("14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3\n", "solve", "--goal",
                "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15", "--mode", "bounded", "--ratio", "1.01", "--max-nodes", "100");
        assertTrue(run.out().matches("over budget: no answer within 100 nodes, \\d+ ms and \\d+ MiB \\(the node budget"
                + " ran out after 100 nodes in \\d+ ms\\); the best found, \\d+ moves, at least \\d+ needed: within"
                + " \\d\\.\\d{3} of the shortest: [udlr]+\n"), run.out());
        assertEquals(Main.EXIT_BAD_LINES, run.status());
    }

    @Test
    void aFaultOfTheProgramIsNotPassedOffAsAnErrorLine() {
        LineCommand broken = line -> {
            throw new IllegalStateException("a bug");
        };
        java.io.StringWriter out = new java.io.StringWriter();
        assertThrows(IllegalStateException.class, () -> LineLoop.run(broken,
                new java.io.BufferedReader(new java.io.StringReader("1 2 3\n")), out));
        assertEquals("", out.toString(), "no error: line invented for it");
    }

    /** With --json the object says what the answer is proven to be, so the line counts as answered. */
    @Test
    void solveInJsonGivesTheBestAnswerPastTheBudgetWithItsLowerBoundAndBound() throws IOException {
        String board = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3";
        String goal = "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15";
        Run run = run(board + "\n", "solve", "--goal", goal, "--max-nodes", "100", "--json");
        assertEquals(0, run.status(), run.out());
        assertTrue(run.out().startsWith("{\"outcome\":\"SOLVED\""), run.out());
        assertTrue(run.out().contains("\"optimal\":false"), run.out());
        int length = Integer.parseInt(run.out().replaceAll("(?s).*\"length\":(\\d+),.*", "$1"));
        int lowerBound = Integer.parseInt(run.out().replaceAll("(?s).*\"lowerBound\":(\\d+),.*", "$1"));
        double bound = Double.parseDouble(run.out().replaceAll("(?s).*\"bound\":([0-9.]+),.*", "$1"));
        assertTrue(lowerBound > 0 && lowerBound <= 57, run.out());
        assertEquals((double) length / lowerBound, bound, 1e-12);
        String moves = run.out().replaceAll(".*\"moves\":\"([udlr]+)\".*\n", "$1");
        Shape shape = Shape.of(4, 4);
        assertEquals(BoardParser.parse(goal, shape), BoardParser.parse(board, shape).apply(moves));
    }

    @Test
    void boundedModeAnswersWithinItsRatioOfTheShortestAndSaysSoInJson() throws IOException {
        String board = "5 1 3 4 2 0 7 8 9 6 10 11";
        Run optimal = run(board + "\n", "solve", "--rows", "3", "--cols", "4", "--json");
        Run bounded = run(board + "\n", "solve", "--rows", "3", "--cols", "4", "--mode", "bounded", "--ratio", "1.5",
                "--json");
        assertEquals(0, bounded.status(), bounded.err());
        assertTrue(optimal.out().contains("\"bound\":1.0"), optimal.out());
        int shortest = Integer.parseInt(optimal.out().replaceAll("(?s).*\"length\":(\\d+).*", "$1"));
        int length = Integer.parseInt(bounded.out().replaceAll("(?s).*\"length\":(\\d+).*", "$1"));
        assertTrue(length <= 1.5 * shortest, length + " moves against " + shortest);
        assertTrue(bounded.out().contains("\"bound\":") && !bounded.out().contains("\"bound\":null"), bounded.out());
    }

    @Test
    void aRatioOutOfRangeOrWithoutBoundedModeIsAUsageError() throws IOException {
        Run withoutBounded = run("", "solve", "--ratio", "1.5");
        assertEquals(Main.EXIT_USAGE, withoutBounded.status());
        assertTrue(withoutBounded.err().startsWith("npuzzle: --ratio goes with --mode bounded only\n"),
                withoutBounded.err());
        assertEquals(Main.EXIT_USAGE, run("", "solve", "--mode", "fast", "--ratio", "2").status());
        assertEquals(Main.EXIT_USAGE, run("", "solve", "--mode", "bounded", "--ratio", "1").status());
        assertEquals(Main.EXIT_USAGE, run("", "solve", "--mode", "bounded", "--ratio", "3.01").status());
        assertEquals(Main.EXIT_USAGE, run("", "solve", "--mode", "bounded", "--ratio", "NaN").status());
        assertEquals(Main.EXIT_USAGE, run("", "solve", "--mode", "bounded", "--ratio", "wide").status());
        assertEquals(0, run("", "solve", "--mode", "bounded").status(), "the ratio has a default");
    }

    @Test
    void databasesPreparesTheBlocksThatGuideFastAnswersAndRefusesShapesWithoutDatabases() throws IOException {
        Run six = run("", "databases", "6x6");
        assertEquals(0, six.status());
        assertTrue(six.out().startsWith("6x6: 4 databases, "), six.out());
        Run oblong = run("", "databases", "5x6");
        assertEquals(Main.EXIT_USAGE, oblong.status());
        assertTrue(oblong.err().contains("no pattern databases for '5x6'"), oblong.err());
    }

    @Test
    void unknownCommandsAndOptionsPrintUsage() throws IOException {
        Run unknownOption = run("", "solve", "--bogus");
        assertEquals(Main.EXIT_USAGE, unknownOption.status());
        assertTrue(unknownOption.err().startsWith("npuzzle: unknown option --bogus\nusage:"), unknownOption.err());
        assertEquals(Main.EXIT_USAGE, run("", "nine").status());
        assertEquals(Main.EXIT_USAGE, run("").status());
        assertEquals(Main.EXIT_USAGE, run("", "solve", "--rows", "two").status());
        assertEquals(Main.EXIT_USAGE, run("", "solve", "--mode", "slow").status());
        assertEquals(Main.EXIT_USAGE, run("", "eight", "--json").status());
        assertTrue(run("", "help").out().startsWith("usage: npuzzle"));
    }

    private static String walk(Random random, int length) {
        StringBuilder moves = new StringBuilder();
        Board board = Board.blankFirst(Shape.of(2, 4));
        while (moves.length() < length) {
            char move = "udlr".charAt(random.nextInt(4));
            try {
                board = board.apply(String.valueOf(move));
                moves.append(move);
            } catch (IllegalArgumentException offTheBoard) {
                // try another direction
            }
        }
        return moves.toString();
    }
}
