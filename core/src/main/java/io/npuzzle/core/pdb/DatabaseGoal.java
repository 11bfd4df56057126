package io.npuzzle.core.pdb;

import io.npuzzle.core.board.Board;
import io.npuzzle.core.board.Shape;

import java.util.List;

/** The databases of one goal (its blank cell) of one shape, in one set: what a search of such boards reads. */
public record DatabaseGoal(Shape shape, int goalBlank, DatabaseSet set) {

    /** The shape's usual goals, blank last and blank first, in a set. */
    public static List<DatabaseGoal> usual(Shape shape, DatabaseSet set) {
        return List.of(new DatabaseGoal(shape, Board.solved(shape).blankIndex(), set),
                new DatabaseGoal(shape, Board.blankFirst(shape).blankIndex(), set));
    }

    /** {@code 5x5} for the usual goals' standard set; the goal blank cell and the set where they differ. */
    public String label() {
        String name = shape.toString();
        if (goalBlank != Board.solved(shape).blankIndex() && goalBlank != Board.blankFirst(shape).blankIndex()) {
            name += " (goal blank on cell " + goalBlank + ")";
        }
        return set == DatabaseSet.STANDARD ? name : name + " " + set.label();
    }
}
