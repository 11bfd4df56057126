package io.npuzzle.worker.health;

import io.npuzzle.core.pdb.DatabaseGoal;
import io.npuzzle.core.pdb.DatabaseSet;
import io.npuzzle.core.pdb.DatabaseState;
import io.npuzzle.worker.solve.SolverSlots;
import io.npuzzle.worker.solve.WorkerDatabases;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;
import org.eclipse.microprofile.health.Startup;

import java.util.Locale;
import java.util.Map;

/**
 * Not ready, and not started, until the solver's 15-puzzle databases are loaded: before that a solve would stall.
 * Its data says, per shape, what this worker can serve now: searches of a shape whose databases are still being
 * built wait for them.
 */
@Readiness
@Startup
@ApplicationScoped
public class SolverReadiness implements HealthCheck {

    private final SolverSlots solver;
    private final WorkerDatabases databases;

    SolverReadiness(SolverSlots solver, WorkerDatabases databases) {
        this.solver = solver;
        this.databases = databases;
    }

    @Override
    public HealthCheckResponse call() {
        HealthCheckResponseBuilder response = HealthCheckResponse.named("solver-databases").status(solver.isReady());
        for (Map.Entry<DatabaseGoal, DatabaseState> entry : databases.states().entrySet()) {
            response.withData(key(entry.getKey()), describe(entry.getValue()));
        }
        return response.build();
    }

    /** {@code 5x5 blank 24}: the goal's shape, its blank cell and, for the large set, the set. */
    private static String key(DatabaseGoal goal) {
        return goal.shape() + " blank " + goal.goalBlank()
                + (goal.set() == DatabaseSet.STANDARD ? "" : " " + goal.set().label());
    }

    static String describe(DatabaseState state) {
        if (state instanceof DatabaseState.Ready ready) {
            return ready.inMemory() ? "ready (in memory)" : "ready (stored; loaded by the first search)";
        }
        if (state instanceof DatabaseState.Building building) {
            return String.format(Locale.ROOT, "building here: %d of %d stored, the next %.0f %% built",
                    building.stored(), building.total(), 100 * building.fraction());
        }
        if (state instanceof DatabaseState.Missing missing) {
            return String.format(Locale.ROOT, "waiting for a build: %d of %d stored; searches wait for them",
                    missing.stored(), missing.total());
        }
        return "not built here (" + ((DatabaseState.Unavailable) state).reason() + "); searches run without them";
    }
}
