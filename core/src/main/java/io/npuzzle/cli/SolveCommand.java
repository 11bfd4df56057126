package io.npuzzle.cli;

import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.model.Mode;
import io.npuzzle.core.model.SolveOptions;
import io.npuzzle.core.model.SolveResult;
import io.npuzzle.core.solve.SolveCost;
import io.npuzzle.core.solve.Solver;

import java.util.Locale;
import java.util.Set;

/**
 * Any board, one per line, with shape, goal, mode and budgets from the command line. Answers the moves or
 * {@code unsolvable}, or with {@code --json} one object per line.
 */
final class SolveCommand implements LineCommand {

    private static final Set<String> VALUED_OPTIONS =
            Set.of("--rows", "--cols", "--goal", "--mode", "--ratio", "--max-nodes", "--max-millis");

    private final Solver solver;
    private final DatabaseHints hints;
    private final Integer rows;
    private final Integer cols;
    private final String goal;
    private final boolean json;
    private final SolveOptions options;
    private final Budget budget;

    private SolveCommand(Solver solver, DatabaseHints hints, Integer rows, Integer cols, String goal, boolean json,
                         SolveOptions options, Budget budget) {
        this.solver = solver;
        this.hints = hints;
        this.rows = rows;
        this.cols = cols;
        this.goal = goal;
        this.json = json;
        this.options = options;
        this.budget = budget;
    }

    /** Reads the options that follow {@code solve}. */
    static SolveCommand fromArguments(Solver solver, DatabaseHints hints, String[] args, int first) {
        Integer rows = null;
        Integer cols = null;
        String goal = null;
        boolean json = false;
        Mode mode = Mode.OPTIMAL;
        Double ratio = null;
        Long maxNodes = null;
        Long maxMillis = null;
        for (int i = first; i < args.length; i++) {
            String name = args[i];
            String value = null;
            int eq = name.indexOf('=');
            if (name.startsWith("--") && eq > 0) {
                value = name.substring(eq + 1);
                name = name.substring(0, eq);
            }
            if (name.equals("--json")) {
                json = true;
                continue;
            }
            if (!VALUED_OPTIONS.contains(name)) {
                throw new UsageException("unknown option " + name);
            }
            if (value == null) {
                if (i + 1 >= args.length) {
                    throw new UsageException("option " + name + " needs a value");
                }
                value = args[++i];
            }
            switch (name) {
                case "--rows" -> rows = (int) number(name, value, 1, Integer.MAX_VALUE);
                case "--cols" -> cols = (int) number(name, value, 1, Integer.MAX_VALUE);
                case "--goal" -> goal = value;
                case "--mode" -> mode = mode(value);
                case "--ratio" -> ratio = ratio(value);
                case "--max-nodes" -> maxNodes = number(name, value, 1, Long.MAX_VALUE);
                case "--max-millis" -> maxMillis = number(name, value, 1, Long.MAX_VALUE);
                default -> throw new IllegalStateException(name);
            }
        }
        if (ratio != null && mode != Mode.BOUNDED) {
            throw new UsageException("--ratio goes with --mode bounded only");
        }
        SolveOptions options = SolveOptions.defaults(mode);
        return new SolveCommand(solver, hints, rows, cols, goal, json,
                ratio == null ? options : options.withRatio(ratio), new Budget(maxNodes, maxMillis));
    }

    /** The budget the command line sets, each limit null where it leaves the default of the board's kind. */
    private record Budget(Long maxNodes, Long maxMillis) {

        SolveOptions applyTo(SolveOptions options, Puzzle puzzle) {
            SolveOptions defaults = SolveCost.of(puzzle.shape(), options.mode()).withDefaultBudget(options);
            return options.withBudget(maxNodes != null ? maxNodes : defaults.maxNodes(),
                    maxMillis != null ? maxMillis : defaults.maxMillis());
        }
    }

    @Override
    public Reply answer(String line) {
        Puzzle puzzle = Puzzle.parse(line, rows, cols, goal);
        SolveOptions options = budget.applyTo(this.options, puzzle);
        hints.before(puzzle, options.mode());
        SolveResult result = solver.solve(puzzle, options);
        if (json) {
            // The object names the outcome, over budget included: the caller reads it there.
            return Reply.answer(toJson(result));
        }
        return switch (result.outcome()) {
            case SOLVED -> result.exceeded() == null ? Reply.answer(result.moves())
                    : Reply.unanswered(result.moves() + " (not proven shortest: " + ranOut(result) + "; "
                    + certificate(result) + ")");
            case UNSOLVABLE -> Reply.answer("unsolvable");
            case BUDGET_EXCEEDED -> Reply.unanswered(String.format(Locale.ROOT,
                    "over budget: no answer within %d nodes, %d ms and %d MiB (%s)", options.maxNodes(),
                    options.maxMillis(), options.maxBytes() >> 20, ranOut(result))
                    + (result.moves() == null ? "" : "; the best found, " + certificate(result) + ": "
                    + result.moves()));
            case CANCELLED -> throw new IllegalStateException("a command-line solve is never cancelled");
        };
    }

    /** Which budget ran out, when: {@code the time budget ran out after 1234 nodes in 56 ms}. */
    private static String ranOut(SolveResult result) {
        return String.format(Locale.ROOT, "the %s ran out after %d nodes in %d ms", result.exceeded().label(),
                result.expanded(), Math.round(result.millis()));
    }

    /** What an answer past the budget is proven to be: {@code 97 moves, at least 89 needed: within 1.090}. */
    private static String certificate(SolveResult result) {
        return String.format(Locale.ROOT, "%d moves, at least %d needed: within %.3f of the shortest",
                result.length(), result.lowerBound().getAsInt(), result.bound());
    }

    private static String toJson(SolveResult result) {
        StringBuilder out = new StringBuilder(112 + Math.max(0, result.length()));
        out.append("{\"outcome\":\"").append(result.outcome()).append('"')
                .append(",\"solvable\":").append(result.solvable())
                .append(",\"moves\":").append(result.moves() == null ? "null" : '"' + result.moves() + '"')
                .append(",\"length\":").append(result.moves() == null ? "null" : Integer.toString(result.length()))
                .append(",\"optimal\":").append(result.optimal())
                .append(",\"bound\":").append(result.bound() == null ? "null" : result.bound().toString())
                .append(",\"lowerBound\":").append(result.lowerBound().isPresent()
                        ? Integer.toString(result.lowerBound().getAsInt()) : "null")
                .append(",\"expanded\":").append(result.expanded())
                .append(",\"millis\":").append(String.format(Locale.ROOT, "%.3f", result.millis()))
                .append(",\"strategy\":\"").append(result.strategy().toString()).append("\"}");
        return out.toString();
    }

    private static Mode mode(String value) {
        try {
            return Mode.parse(value);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--mode: " + e.getMessage());
        }
    }

    private static double ratio(String value) {
        double ratio;
        try {
            ratio = Double.parseDouble(value.strip());
        } catch (NumberFormatException e) {
            throw new UsageException("--ratio needs a number, got '" + value + "'");
        }
        if (!(ratio > SolveOptions.MIN_RATIO && ratio <= SolveOptions.MAX_RATIO)) {
            throw new UsageException("--ratio must be above " + SolveOptions.MIN_RATIO + " and at most "
                    + SolveOptions.MAX_RATIO);
        }
        return ratio;
    }

    private static long number(String option, String value, long min, long max) {
        try {
            long parsed = Long.parseLong(value.strip());
            if (parsed < min || parsed > max) {
                throw new UsageException(option + " must be at least " + min);
            }
            return parsed;
        } catch (NumberFormatException e) {
            throw new UsageException(option + " needs a whole number, got '" + value + "'");
        }
    }
}
