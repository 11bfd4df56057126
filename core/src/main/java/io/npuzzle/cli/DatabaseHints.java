package io.npuzzle.cli;

import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.board.Shape;
import io.npuzzle.core.model.Mode;
import io.npuzzle.core.pdb.DatabaseGoal;
import io.npuzzle.core.pdb.DatabaseSet;
import io.npuzzle.core.pdb.DatabaseState;
import io.npuzzle.core.pdb.PatternDatabases;

import java.io.PrintStream;
import java.util.HashSet;
import java.util.Set;

/**
 * The command line builds the databases an answer needs when that takes seconds; for larger ones (minutes) it says
 * once per goal, on standard error, which command prepares them and what they bring, and answers without them.
 */
final class DatabaseHints {

    private final PatternDatabases databases;
    private final PrintStream err;
    private final Set<DatabaseGoal> said = new HashSet<>();

    DatabaseHints(PatternDatabases databases, PrintStream err) {
        this.databases = databases;
        this.err = err;
    }

    /** Before a board is answered: says what its databases would bring, where they are missing and slow to build. */
    void before(Puzzle puzzle, Mode mode) {
        Shape shape = puzzle.shape();
        int goalBlank = puzzle.goalBlank();
        if (!PatternDatabases.supports(shape) && !PatternDatabases.guidesBeams(shape, goalBlank)) {
            return;
        }
        DatabaseGoal goal = new DatabaseGoal(shape, goalBlank, DatabaseSet.STANDARD);
        if (databases.state(goal) instanceof DatabaseState.Ready || databases.buildsQuickly(goal) || !said.add(goal)) {
            return;
        }
        String gain = mode == Mode.FAST || !PatternDatabases.supports(shape)
                ? "fast answers of such boards are shorter with them"
                : "optimal and bounded answers of such boards need them, most are over budget without";
        err.printf("npuzzle: the %s pattern databases are not stored in %s: `npuzzle databases %s` builds them "
                + "once (minutes); %s%n", goal.label(), databases.directory(), shape, gain);
        err.flush();
    }
}
