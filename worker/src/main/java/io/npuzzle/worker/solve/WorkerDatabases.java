package io.npuzzle.worker.solve;

import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.model.DatabaseWait;
import io.npuzzle.core.model.Mode;
import io.npuzzle.core.model.ProgressListener;
import io.npuzzle.core.pdb.DatabaseGoal;
import io.npuzzle.core.pdb.DatabasePreparation;
import io.npuzzle.core.pdb.DatabaseSet;
import io.npuzzle.core.pdb.DatabaseState;
import io.npuzzle.core.pdb.PatternDatabases;
import io.npuzzle.worker.config.MissingDatabases;
import io.npuzzle.runtime.traces.JobAttributes;
import io.npuzzle.worker.config.WorkerConfig;
import io.npuzzle.worker.metrics.DatabaseBuildMeters;
import io.opentelemetry.api.trace.Span;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * This worker's pattern databases and their preparation: every missing database of the plan is built into the
 * shared store in the background ({@link DatabasePreparation}), giving way to this worker's searches
 * ({@link ServingPace}) and to every other process ({@link BackgroundBuildPace}); an optimal
 * or bounded search waits for those it reads instead of running a weaker search, reporting the wait as its progress.
 */
@ApplicationScoped
public class WorkerDatabases {

    private final PatternDatabases databases;
    private final DatabasePreparation preparation;
    private final MissingDatabases missing;
    private final ServingPace pace;

    WorkerDatabases(WorkerConfig config, ServingPace pace, DatabaseBuildMeters builds) {
        DatabaseSet set = config.databases().set().map(DatabaseSet::parse).orElse(DatabaseSet.STANDARD);
        this.databases = PatternDatabases.in(config.databases().directory(), set,
                config.databases().maxBuildEntries(), builds);
        List<DatabaseGoal> plan = config.databases().plan().map(shapes -> DatabasePreparation.plan(set, shapes))
                .orElseGet(() -> DatabasePreparation.plan(set));
        this.preparation = new DatabasePreparation(databases, plan, new BackgroundBuildPace(pace, config.databases().buildResumesAfter()));
        this.missing = config.databases().missing();
        this.pace = pace;
    }

    public PatternDatabases databases() {
        return databases;
    }

    /**
     * Starts building what the store lacks, once the databases every worker needs first are in memory, where this
     * worker builds them.
     */
    void startPreparation() {
        if (missing == MissingDatabases.BUILD) {
            preparation.start();
        }
    }

    /** Runs a search of this worker's, to which background builds give way. */
    <T> T serving(Supplier<T> search) {
        return pace.serve(search);
    }

    /**
     * Where each goal's databases stand, for the health report; where this worker searches without what is missing,
     * a missing goal is one it serves without them.
     */
    public Map<DatabaseGoal, DatabaseState> states() {
        Map<DatabaseGoal, DatabaseState> states = preparation.states();
        if (missing == MissingDatabases.SKIP) {
            states.replaceAll((goal, state) -> state.settled() ? state
                    : new DatabaseState.Unavailable("not stored, and this worker builds none"));
        }
        return states;
    }

    /**
     * Waits until the databases a search of this puzzle reads are stored (or known impossible here), reporting the
     * wait each {@link ProgressListener#INTERVAL}; returns at once for searches that read none. False when
     * the job was cancelled meanwhile.
     */
    boolean awaitFor(Puzzle puzzle, Mode mode, BooleanSupplier cancelled, ProgressListener progress) {
        if (missing == MissingDatabases.SKIP || mode == Mode.FAST || !PatternDatabases.supports(puzzle.shape())) {
            return true;
        }
        DatabaseGoal goal = new DatabaseGoal(puzzle.shape(), puzzle.goalBlank(), DatabaseSet.STANDARD);
        long started = System.nanoTime();
        DatabaseState state = preparation.state(goal);
        if (state.settled()) {
            return true;
        }
        preparation.want(goal);
        while (!state.settled()) {
            if (cancelled.getAsBoolean()) {
                return false;
            }
            progress.waiting(wait(goal, state, started));
            state = preparation.await(goal, ProgressListener.INTERVAL);
        }
        // Told to the span of the job's handling, whose time it explains.
        Span.current().setAttribute(JobAttributes.DATABASE_WAIT_MS, (System.nanoTime() - started) / 1_000_000);
        return true;
    }

    private static DatabaseWait wait(DatabaseGoal goal, DatabaseState state, long started) {
        long elapsed = (System.nanoTime() - started) / 1_000_000;
        if (state instanceof DatabaseState.Building building) {
            return new DatabaseWait(goal.label(), building.stored(), building.total(), building.fraction(), elapsed);
        }
        DatabaseState.Missing missing = (DatabaseState.Missing) state;
        return new DatabaseWait(goal.label(), missing.stored(), missing.total(), null, elapsed);
    }
}
