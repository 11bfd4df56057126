package io.npuzzle.cli;

import io.npuzzle.core.pdb.PatternDatabases;
import io.npuzzle.core.solve.Solver;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;

/** Command-line front end: {@code npuzzle eight|seven|solve}, boards on standard input, one answer per line. */
public final class Main {

    static final int EXIT_OK = 0;
    static final int EXIT_BAD_LINES = 1;
    static final int EXIT_USAGE = 2;
    /** A fault of this program, not of its input: reported with its stack trace. */
    static final int EXIT_INTERNAL = 3;

    static final String USAGE = """
            usage: npuzzle <command> [options] < boards

            Reads boards from standard input, one per line, and answers each on its own line.

            commands:
              eight   HDU 1043 / POJ 1077 "Eight": 3x3 boards (tiles 1-8 and x); prints shortest moves or 'unsolvable'
              seven   AOJ 0121 "Seven Puzzle": 2x4 boards, goal 0 1 2 3 4 5 6 7; prints the minimum number of moves
              solve   any board from 2x2 to 8x8; prints the moves (shortest where proven) or 'unsolvable'
                        --rows R --cols C     the shape (may be left out for square boards)
                        --goal "TILES"        the goal (default: 1..N-1 row by row, blank last)
                        --mode optimal|bounded|fast
                                              optimal (default), at most R times the shortest, or a quick
                                              short answer
                        --ratio R             with --mode bounded: above 1, at most 3 (default 1.25)
                        --max-nodes N         node budget per board
                        --max-millis MS       time budget per board
                        --json                one JSON object per line
              databases [--set 6-6-3|7-8] SHAPE...|--plan
                      load or build the pattern databases of shapes such as 4x5 or 5x5 (blank-last and blank-first
                      goals) in the cache directory, ahead of the first board; 7-8 is the large set of 4x4, 4x5
                      and 5x5; those of 6x6, 7x7 and 8x8 guide fast answers on boards of those sizes and larger;
                      --plan builds every shape's, as the service's workers do
              help    this message

            Moves name the direction the blank moves: u, d, l, r. Tiles are separated by spaces and/or commas;
            the blank is x, X, 0 or _. A malformed line is answered 'error: <reason>'. A board whose budget runs out
            is answered 'over budget: ...', or, in optimal mode, with the best answer found and what it is proven to
            be: '<moves> (not proven shortest: ...)'. Either makes the exit status 1, except with --json, whose
            objects say so themselves.
            """;

    private Main() {
    }

    public static void main(String[] args) throws IOException {
        int status;
        try {
            status = run(args, System.in, System.out, System.err);
        } catch (RuntimeException | Error e) {
            System.out.flush();
            System.err.println("npuzzle: internal error, please report it: " + e);
            e.printStackTrace(System.err);
            status = EXIT_INTERNAL;
        }
        System.exit(status);
    }

    static int run(String[] args, InputStream in, OutputStream out, PrintStream err) throws IOException {
        if (args.length > 0 && args[0].equals("databases")) {
            try {
                return DatabasesCommand.fromArguments(args, 1).run(new PrintStream(out, true, StandardCharsets.UTF_8));
            } catch (UsageException e) {
                err.println("npuzzle: " + e.getMessage());
                err.print(USAGE);
                return EXIT_USAGE;
            }
        }
        LineCommand command;
        try {
            command = command(args, DatabaseSettings.forAnswers(), err);
        } catch (UsageException e) {
            err.println("npuzzle: " + e.getMessage());
            err.print(USAGE);
            return EXIT_USAGE;
        }
        if (command == null) {
            new PrintStream(out, true, StandardCharsets.UTF_8).print(USAGE);
            return EXIT_OK;
        }
        BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), 1 << 16);
        Writer writer = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), 1 << 16);
        return LineLoop.run(command, reader, writer) == 0 ? EXIT_OK : EXIT_BAD_LINES;
    }

    /** The command the arguments name, or null for help. */
    private static LineCommand command(String[] args, PatternDatabases databases, PrintStream err) {
        if (args.length == 0) {
            throw new UsageException("no command given");
        }
        String name = args[0];
        Solver solver = DatabaseSettings.solver(databases);
        switch (name) {
            case "eight", "seven" -> {
                if (args.length > 1) {
                    throw new UsageException(name + " takes no options");
                }
                return name.equals("eight") ? JudgeCommand.eight(solver) : JudgeCommand.seven(solver);
            }
            case "solve" -> {
                return SolveCommand.fromArguments(solver, new DatabaseHints(databases, err), args, 1);
            }
            case "help", "--help", "-h" -> {
                return null;
            }
            default -> throw new UsageException("unknown command '" + name + "'");
        }
    }
}
