package io.npuzzle.cli;

import io.npuzzle.core.board.BoardFormatException;
import io.npuzzle.core.board.Shape;
import io.npuzzle.core.pdb.DatabaseGoal;
import io.npuzzle.core.pdb.DatabasePreparation;
import io.npuzzle.core.pdb.DatabaseSet;
import io.npuzzle.core.pdb.PatternDatabases;
import io.npuzzle.core.pdb.PdbHeuristic;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code npuzzle databases [--set 6-6-3|7-8] SHAPE...|--plan}: loads or builds the pattern databases of each shape's
 * usual goals (blank last, blank first) in the cache directory and says what they took, so that a machine or a
 * deployment's volume has them before the first request: those of optimal searches up to 5x5, those that guide fast
 * answers' beams on 6x6 to 8x8 (which also serve the regions of that size of larger boards); {@code --plan}: all of
 * them, as a service's workers would build them.
 */
final class DatabasesCommand {

    private final DatabaseSet set;
    private final List<Shape> shapes;
    private final boolean plan;

    private DatabasesCommand(DatabaseSet set, List<Shape> shapes, boolean plan) {
        this.set = set;
        this.shapes = shapes;
        this.plan = plan;
    }

    static DatabasesCommand fromArguments(String[] args, int first) {
        DatabaseSet set = DatabaseSettings.set();
        List<Shape> shapes = new ArrayList<>();
        boolean plan = false;
        for (int i = first; i < args.length; i++) {
            if (args[i].equals("--plan")) {
                plan = true;
            } else if (args[i].equals("--set")) {
                if (i + 1 >= args.length) {
                    throw new UsageException("option --set needs a value");
                }
                set = set(args[++i]);
            } else {
                shapes.add(shape(args[i]));
            }
        }
        if (shapes.isEmpty() == !plan) {
            throw new UsageException("databases needs either --plan or shapes, such as 5x5");
        }
        return new DatabasesCommand(set, shapes, plan);
    }

    int run(PrintStream out) {
        PatternDatabases databases = PatternDatabases.in(DatabaseSettings.directory(), set);
        return plan ? storePlan(databases, out) : loadShapes(databases, out);
    }

    /**
     * Stores every database a service's workers would build ({@link DatabasePreparation#plan}), under the store's
     * build lock, so that workers sharing the directory never build one of them too.
     */
    private int storePlan(PatternDatabases databases, PrintStream out) {
        for (DatabaseGoal goal : DatabasePreparation.plan(set)) {
            long started = System.nanoTime();
            databases.store(goal);
            out.printf(Locale.ROOT, "%s (goal blank on cell %d): stored in %.1f s (%s)%n", goal.label(),
                    goal.goalBlank(), (System.nanoTime() - started) / 1e9, databases.directory());
        }
        return Main.EXIT_OK;
    }

    private int loadShapes(PatternDatabases databases, PrintStream out) {
        for (Shape shape : shapes) {
            long started = System.nanoTime();
            long bytes = 0;
            int patterns = 0;
            for (DatabaseGoal goal : DatabaseGoal.usual(shape, set)) {
                PdbHeuristic heuristic = databases.heuristicInSet(shape, goal.goalBlank(), set);
                if (heuristic == null) {
                    throw new IllegalStateException("no room to build the " + shape + " databases in this JVM's heap");
                }
                bytes = heuristic.databaseBytes();
                patterns = heuristic.databaseCount();
            }
            out.printf(Locale.ROOT, "%s: %d databases, %.1f MB of entries, ready in %.1f s (%s)%n", shape, patterns,
                    bytes / 1e6, (System.nanoTime() - started) / 1e9, DatabaseSettings.directory());
        }
        return Main.EXIT_OK;
    }

    private static DatabaseSet set(String value) {
        try {
            return DatabaseSet.parse(value);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--set: " + e.getMessage());
        }
    }

    private static Shape shape(String text) {
        Shape shape;
        try {
            shape = Shape.parse(text);
        } catch (BoardFormatException e) {
            throw new UsageException(e.getMessage());
        }
        if (!PatternDatabases.supports(shape) && !PatternDatabases.guidesBeams(shape)) {
            throw new UsageException("no pattern databases for '" + text
                    + "' (shapes of 11 to 25 cells, such as 4x5, or squares of 6x6 to 8x8)");
        }
        return shape;
    }
}
