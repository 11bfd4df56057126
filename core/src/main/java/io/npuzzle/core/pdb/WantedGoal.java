package io.npuzzle.core.pdb;

import io.npuzzle.core.board.Shape;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The file name of a wish for a {@link DatabaseGoal} left in a store: {@code 5x5-24-6-6-3}. */
final class WantedGoal {

    private static final Pattern NAME = Pattern.compile("(\\d)x(\\d)-(\\d+)-(6-6-3|7-8)");

    private WantedGoal() {
    }

    static String fileName(DatabaseGoal goal) {
        return goal.shape().rows() + "x" + goal.shape().cols() + "-" + goal.goalBlank() + "-" + goal.set().label();
    }

    /** The goal a file names; empty for any other file, or a goal with no databases. */
    static Optional<DatabaseGoal> parse(String fileName) {
        Matcher matcher = NAME.matcher(fileName);
        if (!matcher.matches()) {
            return Optional.empty();
        }
        try {
            Shape shape = Shape.of(Integer.parseInt(matcher.group(1)), Integer.parseInt(matcher.group(2)));
            int goalBlank = Integer.parseInt(matcher.group(3));
            if (goalBlank >= shape.size()) {
                return Optional.empty();
            }
            DatabaseGoal goal = new DatabaseGoal(shape, goalBlank, DatabaseSet.parse(matcher.group(4)));
            boolean hasDatabases = PatternDatabases.supports(shape) || PatternDatabases.guidesBeams(shape, goalBlank);
            return hasDatabases ? Optional.of(goal) : Optional.empty();
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
