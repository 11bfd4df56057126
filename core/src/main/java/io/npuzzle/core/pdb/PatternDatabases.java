package io.npuzzle.core.pdb;

import io.npuzzle.core.board.Board;
import io.npuzzle.core.board.Shape;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * The process's pattern databases: each is loaded from the store, or built and saved there, on first use;
 * concurrent callers wait for one build. {@link #warmUp()} prepares the databases of the common goals
 * (blank first and blank last on 4x4), so a service can report itself ready only once they are in memory.
 */
public final class PatternDatabases {

    private static final System.Logger LOG = System.getLogger(PatternDatabases.class.getName());
    private static final Shape FOUR_BY_FOUR = Shape.of(4, 4);

    private final PatternDatabaseStore store;
    private final PatternDatabaseBuilder builder;
    private final ConcurrentHashMap<Pattern, FutureTask<PatternDatabase>> databases = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<Integer, PdbHeuristic> heuristics = new ConcurrentHashMap<>();
    private volatile boolean ready;

    public PatternDatabases(PatternDatabaseStore store, PatternDatabaseBuilder builder) {
        this.store = store;
        this.builder = builder;
    }

    /** Databases under {@link PatternDatabaseStore#defaultDirectory()}, built with every core. */
    public static PatternDatabases atDefaultLocation() {
        return in(PatternDatabaseStore.defaultDirectory());
    }

    public static PatternDatabases in(Path directory) {
        return new PatternDatabases(new PatternDatabaseStore(directory),
                new PatternDatabaseBuilder(Runtime.getRuntime().availableProcessors()));
    }

    public static boolean supports(Shape shape) {
        return Partitions.supports(shape);
    }

    /** Loads or builds the databases of the blank-first and blank-last 4x4 goals; blocks until done. */
    public void warmUp() {
        heuristic(FOUR_BY_FOUR, Board.blankFirst(FOUR_BY_FOUR).blankIndex());
        heuristic(FOUR_BY_FOUR, Board.solved(FOUR_BY_FOUR).blankIndex());
        ready = true;
    }

    /** True once {@link #warmUp()} has finished. */
    public boolean isReady() {
        return ready;
    }

    /** The estimate for a goal blank cell; loads or builds what it needs, which may take a while. */
    public PdbHeuristic heuristic(Shape shape, int goalBlank) {
        PdbHeuristic known = heuristics.get(key(shape, goalBlank));
        if (known != null) {
            return known;
        }
        PdbHeuristic assembled = PdbHeuristic.assemble(shape, goalBlank, Partitions.views(shape, goalBlank), this::get);
        heuristics.putIfAbsent(key(shape, goalBlank), assembled);
        return assembled;
    }

    /** The estimate for a goal blank cell when every database it needs is in memory already, else null. */
    public PdbHeuristic heuristicIfLoaded(Shape shape, int goalBlank) {
        PdbHeuristic known = heuristics.get(key(shape, goalBlank));
        if (known != null) {
            return known;
        }
        for (int[] partition : Partitions.views(shape, goalBlank)) {
            for (int cells : partition) {
                FutureTask<PatternDatabase> task = databases.get(PdbHeuristic.canonical(shape, cells));
                if (task == null || !task.isDone()) {
                    return null;
                }
            }
        }
        return heuristic(shape, goalBlank);
    }

    /** The database of a canonical pattern: from memory, from the store, or built and stored. */
    public PatternDatabase get(Pattern pattern) {
        FutureTask<PatternDatabase> task = databases.get(pattern);
        if (task == null) {
            FutureTask<PatternDatabase> created = new FutureTask<>(() -> loadOrBuild(pattern));
            task = databases.putIfAbsent(pattern, created);
            if (task == null) {
                task = created;
                created.run();
            }
        }
        try {
            return task.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for " + pattern.key(), e);
        } catch (ExecutionException e) {
            databases.remove(pattern, task);
            throw new IllegalStateException("pattern database " + pattern.key() + " failed", e.getCause());
        }
    }

    private PatternDatabase loadOrBuild(Pattern pattern) {
        PatternDatabase loaded = store.load(pattern);
        if (loaded != null) {
            return loaded;
        }
        long started = System.nanoTime();
        PatternDatabase built = builder.build(pattern);
        LOG.log(System.Logger.Level.INFO, "built pattern database {0} in {1} ms",
                pattern.key(), (System.nanoTime() - started) / 1_000_000);
        try {
            store.save(built);
        } catch (IOException | RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "could not save pattern database {0} in {1}: {2}",
                    pattern.key(), store.directory(), e.toString());
        }
        return built;
    }

    private static int key(Shape shape, int goalBlank) {
        return (shape.rows() * 16 + shape.cols()) * 64 + goalBlank;
    }
}
