package io.npuzzle.worker.metrics;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.npuzzle.core.board.Shape;
import io.npuzzle.core.pdb.DatabaseGoal;
import io.npuzzle.core.pdb.DatabaseSet;
import io.npuzzle.core.pdb.DatabaseState;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The gauges of where the databases stand, from the states the health report reads. */
class DatabaseGoalMetersTest {

    private static final Shape FIVE = Shape.of(5, 5);
    private static final DatabaseGoal BLANK_LAST = new DatabaseGoal(FIVE, 24, DatabaseSet.STANDARD);
    private static final DatabaseGoal BLANK_FIRST = new DatabaseGoal(FIVE, 0, DatabaseSet.STANDARD);
    private static final DatabaseGoal LARGE = new DatabaseGoal(FIVE, 24, DatabaseSet.LARGE);
    private static final DatabaseGoal FOUR = new DatabaseGoal(Shape.of(4, 4), 15, DatabaseSet.STANDARD);

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final Map<DatabaseGoal, DatabaseState> states = new LinkedHashMap<>();
    private final DatabaseGoalMeters meters = new DatabaseGoalMeters(registry, () -> new LinkedHashMap<>(states));

    @Test
    void theGoalsOfEachShapeAndSetAreCountedAsNeededAndAsStored() {
        states.put(BLANK_LAST, new DatabaseState.Ready(true));
        states.put(BLANK_FIRST, new DatabaseState.Building(1, 2, 0.5));
        states.put(LARGE, new DatabaseState.Missing(0, 4));
        states.put(FOUR, new DatabaseState.Ready(false));

        meters.look();

        assertEquals(2, gauge("npuzzle.database.goals", "5x5", "standard"));
        assertEquals(1, gauge("npuzzle.database.goals.stored", "5x5", "standard"));
        assertEquals(1, gauge("npuzzle.database.goals", "5x5", "large"));
        assertEquals(0, gauge("npuzzle.database.goals.stored", "5x5", "large"));
        assertEquals(1, gauge("npuzzle.database.goals.stored", "4x4", "standard"), "stored, in memory or not");
    }

    @Test
    void eachLookShowsTheGoalsAsTheyStandThenAndAGoalThatCannotBeBuiltHereIsNeverStored() {
        states.put(BLANK_LAST, new DatabaseState.Missing(0, 2));
        meters.look();
        assertEquals(0, gauge("npuzzle.database.goals.stored", "5x5", "standard"));

        states.put(BLANK_LAST, new DatabaseState.Ready(false));
        states.put(BLANK_FIRST, new DatabaseState.Unavailable("too large for this heap"));
        meters.look();

        assertEquals(2, gauge("npuzzle.database.goals", "5x5", "standard"));
        assertEquals(1, gauge("npuzzle.database.goals.stored", "5x5", "standard"));
    }

    private double gauge(String name, String shape, String set) {
        return registry.get(name).tags("shape", shape, "set", set).gauge().value();
    }
}
