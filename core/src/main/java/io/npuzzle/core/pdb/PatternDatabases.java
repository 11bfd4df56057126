package io.npuzzle.core.pdb;

import io.npuzzle.core.board.Shape;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The process's pattern databases, per (shape, goal blank cell, set): each is loaded from the store, or built
 * and saved there, on first use by an optimal or bounded search; concurrent callers wait for one build. Fast
 * answers only use what is stored for a whole board, and only what is in memory for a region of a larger board
 * (the rest of what is stored loads in the background), and the large set (4x4, 4x5 and 5x5) is built on a
 * background thread of its own, so a build never holds up quick answers: the standard set answers until it is in
 * memory. {@link #warmUp()} prepares the 4x4 databases of the common goals (blank first and blank last), so a
 * service can report itself ready once it can answer 15-puzzles; with the {@link DatabaseSet#LARGE large set}
 * enabled, the 7-8 databases follow in the background and take over once in memory, and so do the stored large
 * 4x5 and 5x5 ones and the stored databases that guide fast answers' beams on 6x6 to 8x8 regions.
 */
public final class PatternDatabases {

    /**
     * Entries of the largest database a caller builds before it answers: the 6-6-3 databases of 4x4 and anything
     * smaller build in seconds; larger ones (4x5 and 5x5 six-tile databases) take minutes, and are prepared ahead
     * ({@code npuzzle databases}, or a service's background build).
     */
    public static final String QUICK_BUILD_ENTRIES = "16000000";

    private static final System.Logger LOG = System.getLogger(PatternDatabases.class.getName());
    private static final Shape FOUR_BY_FOUR = Shape.of(4, 4);
    /** Regions whose databases guide beams, loaded in the background by {@link #warmUp()} where stored. */
    private static final List<Shape> BEAM_SHAPES = List.of(Shape.of(6, 6), Shape.of(7, 7), Shape.of(8, 8));
    /** Shapes besides 4x4 whose large databases {@link #warmUp()} loads in the background where stored. */
    private static final List<Shape> LARGE_SHAPES = List.of(Shape.of(5, 5), Shape.of(4, 5), Shape.of(5, 4));

    private final PatternDatabaseStore store;
    private final PatternDatabaseBuilder builder;
    private final DatabaseSet largest;
    private final long maxBuildEntries;
    private final TableMemory tables;
    private final BuildListener listener;
    private final ConcurrentHashMap<Pattern, FutureTask<PatternDatabase>> databases = new ConcurrentHashMap<>();
    /** Builds under way in this process, by pattern. */
    private final ConcurrentHashMap<Pattern, BuildProgress> builds = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<DatabaseGoal, PdbHeuristic> heuristics = new ConcurrentHashMap<>();
    /** Goals whose databases were found too large to build in the background here. */
    private final Set<DatabaseGoal> unavailable = ConcurrentHashMap.newKeySet();
    /** Large goals not loaded for want of heap, said once each. */
    private final Set<DatabaseGoal> refusedForHeap = ConcurrentHashMap.newKeySet();
    /** Databases whose ranked table found no room left in {@link #tables}, by why: never asked for again. */
    private final ConcurrentHashMap<Pattern, String> beyondTables = new ConcurrentHashMap<>();
    private final ExecutorService background = Executors.newSingleThreadExecutor(PatternDatabases::daemon);
    private volatile boolean ready;

    /**
     * @param largest         {@link DatabaseSet#LARGE} to use the large databases for 4x4 and 4x5 once built, else STANDARD
     * @param maxBuildEntries databases with more entries are only loaded from the store, never built here
     * @param tables          the room the tables in memory take theirs from
     * @param listener        hears of each build here
     */
    public PatternDatabases(PatternDatabaseStore store, PatternDatabaseBuilder builder, DatabaseSet largest,
                            long maxBuildEntries, TableMemory tables, BuildListener listener) {
        this.store = store;
        this.builder = builder;
        this.largest = largest;
        this.maxBuildEntries = maxBuildEntries;
        this.tables = tables;
        this.listener = listener;
    }

    public PatternDatabases(PatternDatabaseStore store, PatternDatabaseBuilder builder, DatabaseSet largest,
                            long maxBuildEntries, TableMemory tables) {
        this(store, builder, largest, maxBuildEntries, tables, BuildListener.NONE);
    }

    public PatternDatabases(PatternDatabaseStore store, PatternDatabaseBuilder builder, DatabaseSet largest,
                            long maxBuildEntries) {
        this(store, builder, largest, maxBuildEntries, TableMemory.PROCESS);
    }

    public PatternDatabases(PatternDatabaseStore store, PatternDatabaseBuilder builder, DatabaseSet largest) {
        this(store, builder, largest, Long.MAX_VALUE);
    }

    public static PatternDatabases in(Path directory, DatabaseSet largest) {
        return in(directory, largest, Long.MAX_VALUE);
    }

    public static PatternDatabases in(Path directory, DatabaseSet largest, long maxBuildEntries) {
        return in(directory, largest, maxBuildEntries, BuildListener.NONE);
    }

    /** @param listener hears of each build here */
    public static PatternDatabases in(Path directory, DatabaseSet largest, long maxBuildEntries,
                                      BuildListener listener) {
        return new PatternDatabases(new PatternDatabaseStore(directory),
                new PatternDatabaseBuilder(Runtime.getRuntime().availableProcessors()), largest, maxBuildEntries,
                TableMemory.PROCESS, listener);
    }

    /** Where the databases are stored. */
    public Path directory() {
        return store.directory();
    }

    public static boolean supports(Shape shape) {
        return Partitions.supports(shape);
    }

    /** Whether the shape has databases that guide fast answers' beams (6x6 to 8x8 squares). */
    public static boolean guidesBeams(Shape shape) {
        return Partitions.hasBlocks(shape);
    }

    /** Whether the databases of a region of this shape and goal blank cell guide beams (2x2 blocks). */
    public static boolean guidesBeams(Shape shape, int goalBlank) {
        return Partitions.guidesBeams(shape, goalBlank);
    }

    /**
     * Loads or builds the 6-6-3 databases of the blank-first and blank-last 4x4 goals, blocking until done, then
     * starts the large set in the background when enabled.
     */
    public void warmUp() {
        for (DatabaseGoal goal : DatabaseGoal.usual(FOUR_BY_FOUR, DatabaseSet.STANDARD)) {
            heuristic(goal);
        }
        ready = true;
        if (largest == DatabaseSet.LARGE) {
            for (DatabaseGoal goal : DatabaseGoal.usual(FOUR_BY_FOUR, DatabaseSet.LARGE)) {
                prepare(goal);
            }
            prepareStored(LARGE_SHAPES, DatabaseSet.LARGE);
        }
        prepareStored(BEAM_SHAPES, DatabaseSet.STANDARD);
    }

    /** Loads the databases of the shapes' common goals in the background where they are all stored. */
    private void prepareStored(List<Shape> shapes, DatabaseSet set) {
        for (Shape shape : shapes) {
            for (DatabaseGoal goal : DatabaseGoal.usual(shape, set)) {
                if (stored(goal)) {
                    prepare(goal);
                }
            }
        }
    }

    /** True once {@link #warmUp()} has loaded the 6-6-3 databases. */
    public boolean isReady() {
        return ready;
    }

    /**
     * The best estimate for a goal blank cell that the policy lets this call have, or null: on 4x4 and 4x5 the large
     * set once it is in memory, else the standard one. A database that is neither stored nor allowed to be built here
     * ({@link DatabaseUnavailableException}) gives null too.
     */
    public PdbHeuristic heuristic(Shape shape, int goalBlank, LoadPolicy policy) {
        return switch (policy) {
            case LOAD -> loaded(shape, goalBlank);
            case IN_MEMORY -> inMemory(shape, goalBlank);
        };
    }

    /**
     * The large set's estimate once it is in memory (asking for it in the background otherwise), else the standard
     * one, loaded or built now, which may take a while.
     */
    private PdbHeuristic loaded(Shape shape, int goalBlank) {
        if (largest == DatabaseSet.LARGE && Partitions.hasLargeSet(shape)) {
            DatabaseGoal large = new DatabaseGoal(shape, goalBlank, DatabaseSet.LARGE);
            PdbHeuristic loaded = ifLoaded(large);
            if (loaded != null) {
                return loaded;
            }
            prepare(large);
        }
        return heuristic(new DatabaseGoal(shape, goalBlank, DatabaseSet.STANDARD));
    }

    /** The estimate in a given set, loaded or built now; null as for {@link #heuristic(Shape, int, LoadPolicy)}. */
    public PdbHeuristic heuristicInSet(Shape shape, int goalBlank, DatabaseSet set) {
        return heuristic(new DatabaseGoal(shape, goalBlank, set));
    }

    /**
     * The best estimate whose databases are all in memory now, or null; never loads, builds or waits for a layout.
     * Where they are stored but not loaded, they start loading on the background thread, so that later answers
     * have them.
     */
    private PdbHeuristic inMemory(Shape shape, int goalBlank) {
        PdbHeuristic large = largeIfLoaded(shape, goalBlank, LayoutWait.IN_BACKGROUND);
        if (large != null) {
            return large;
        }
        DatabaseGoal standard = new DatabaseGoal(shape, goalBlank, DatabaseSet.STANDARD);
        PdbHeuristic loaded = ifLoaded(standard, LayoutWait.IN_BACKGROUND);
        if (loaded == null && stored(standard)) {
            prepare(standard);
        }
        return loaded;
    }

    /**
     * What {@link LoadPolicy#IN_MEMORY} gives, after waiting until {@code deadlineNanos} at most for the stored
     * standard databases it starts loading: an answer with a deadline waits for a load while its time allows,
     * never longer, and never for a build or a layout. An estimate that reads a database ranked meanwhile is not
     * kept: once laid out, the next call keeps the positional one.
     */
    public PdbHeuristic heuristicBefore(Shape shape, int goalBlank, long deadlineNanos) {
        PdbHeuristic loaded = inMemory(shape, goalBlank);
        if (loaded != null) {
            return loaded;
        }
        for (Pattern pattern : patternsOf(new DatabaseGoal(shape, goalBlank, DatabaseSet.STANDARD))) {
            FutureTask<PatternDatabase> task = databases.get(pattern);
            if (task == null) {
                return null; // not stored: nothing is loading
            }
            try {
                task.get(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (TimeoutException | ExecutionException e) {
                return null;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return null;
            }
        }
        return inMemory(shape, goalBlank);
    }

    /** The large set's estimate when it is enabled, asked for and in memory; null otherwise. */
    private PdbHeuristic largeIfLoaded(Shape shape, int goalBlank, LayoutWait wait) {
        return largest == DatabaseSet.LARGE && Partitions.hasLargeSet(shape)
                ? ifLoaded(new DatabaseGoal(shape, goalBlank, DatabaseSet.LARGE), wait) : null;
    }

    /** Whether every database of a goal is in memory, on its way there, or in the store. */
    private boolean stored(DatabaseGoal goal) {
        for (Pattern pattern : patternsOf(goal)) {
            if (!databases.containsKey(pattern) && !store.contains(pattern)) {
                return false;
            }
        }
        return true;
    }

    private PdbHeuristic heuristic(DatabaseGoal goal) {
        return heuristic(goal, LayoutWait.AWAIT);
    }

    private PdbHeuristic heuristic(DatabaseGoal goal, LayoutWait wait) {
        PdbHeuristic known = heuristics.get(goal);
        if (known != null) {
            return known;
        }
        try {
            PdbHeuristic assembled = PdbHeuristic.assemble(goal.shape(), goal.goalBlank(), views(goal), this::get, wait);
            if (assembled.awaitsLayout()) {
                return assembled;
            }
            PdbHeuristic kept = heuristics.putIfAbsent(goal, assembled);
            return kept != null ? kept : assembled;
        } catch (DatabaseUnavailableException e) {
            return null;
        }
    }

    private PdbHeuristic ifLoaded(DatabaseGoal goal) {
        return ifLoaded(goal, LayoutWait.AWAIT);
    }

    private PdbHeuristic ifLoaded(DatabaseGoal goal, LayoutWait wait) {
        PdbHeuristic known = heuristics.get(goal);
        if (known != null) {
            return known;
        }
        for (Pattern pattern : patternsOf(goal)) {
            FutureTask<PatternDatabase> task = databases.get(pattern);
            if (task == null || !task.isDone()) {
                return null;
            }
        }
        return heuristic(goal, wait);
    }

    /**
     * Loads or builds a goal's databases on the background thread, unless that is under way or done, or one of them
     * may be neither loaded nor built here (then none is: a worker given the large 4x5 set without it in its store
     * would build its six-tile databases for nothing), or, for the large set, while they would take more than half
     * the heap that is free now ({@link HeapRoom}): the standard set answers then, where loading them could run
     * the process out of memory.
     */
    private void prepare(DatabaseGoal goal) {
        if (heuristics.containsKey(goal) || unavailable.contains(goal) && !stored(goal)) {
            return;
        }
        Set<Pattern> patterns = patternsOf(goal);
        if (beyondTables(patterns) != null) {
            return;
        }
        // Stored meanwhile (a background build, here or by another process sharing the store): usable now.
        unavailable.remove(goal);
        Pattern missing = unobtainable(patterns);
        if (missing != null) {
            unavailable.add(goal);
            LOG.log(System.Logger.Level.WARNING, "{0}: the {1} set of {2} is not used", notStoredAndTooLarge(missing),
                    goal.set().label(), goal.shape());
            return;
        }
        if (goal.set() == DatabaseSet.LARGE) {
            long needed = bytesToLoad(patterns);
            long free = HeapRoom.free();
            if (!HeapRoom.fitsBeside(needed, free)) {
                // Asked again next time: garbage not yet collected counts as used here.
                if (refusedForHeap.add(goal)) {
                    LOG.log(System.Logger.Level.WARNING, "the large {0} databases need {1} MiB, more than half the "
                            + "free heap ({2} MiB): the standard set answers", goal.shape(), needed >> 20, free >> 20);
                }
                return;
            }
        }
        for (Pattern pattern : patterns) {
            FutureTask<PatternDatabase> created = new FutureTask<>(() -> loadOrBuild(pattern));
            if (databases.putIfAbsent(pattern, created) == null) {
                background.execute(() -> {
                    created.run();
                    settle(goal, pattern, created);
                });
            }
        }
    }

    /** The databases a goal's views read, each once (views share them: the 5x5 set's eight patterns read two). */
    static Set<Pattern> patternsOf(DatabaseGoal goal) {
        Set<Pattern> patterns = new LinkedHashSet<>();
        for (long[] partition : views(goal)) {
            for (long cells : partition) {
                patterns.add(PdbHeuristic.canonical(goal.shape(), goal.goalBlank(), cells));
            }
        }
        return patterns;
    }

    /** A database that is neither in memory nor stored and too large to build here; null when none is. */
    private Pattern unobtainable(Set<Pattern> patterns) {
        for (Pattern pattern : patterns) {
            if (tooLargeToBuild(pattern) && !databases.containsKey(pattern) && !store.contains(pattern)) {
                return pattern;
            }
        }
        return null;
    }

    /** Bytes of the entries not in memory yet. */
    private long bytesToLoad(Set<Pattern> patterns) {
        long bytes = 0;
        for (Pattern pattern : patterns) {
            if (!databases.containsKey(pattern)) {
                bytes += PatternDatabase.bytesFor(pattern.entries());
            }
        }
        return bytes;
    }

    private static List<long[]> views(DatabaseGoal goal) {
        return Partitions.views(goal.shape(), goal.goalBlank(), goal.set());
    }

    /**
     * The database of a canonical pattern: from memory, from the store, or built and stored. One queued on the
     * background thread and not started yet is loaded or built here, rather than after what is queued before it.
     */
    public PatternDatabase get(Pattern pattern) {
        FutureTask<PatternDatabase> task = databases.get(pattern);
        if (task == null) {
            FutureTask<PatternDatabase> created = new FutureTask<>(() -> loadOrBuild(pattern));
            task = databases.putIfAbsent(pattern, created);
            if (task == null) {
                task = created;
            }
        }
        task.run(); // nothing when it has started, here or on the background thread
        try {
            return task.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for " + pattern.key(), e);
        } catch (ExecutionException e) {
            databases.remove(pattern, task);
            if (e.getCause() instanceof DatabaseUnavailableException unavailable) {
                throw unavailable;
            }
            throw new IllegalStateException("pattern database " + pattern.key() + " failed", e.getCause());
        }
    }

    /**
     * Forgets a background build that failed, so that a later blocking use tries again; a database that may not be
     * built here is not asked for in the background again (once is enough to say why).
     */
    private void settle(DatabaseGoal goal, Pattern pattern, FutureTask<PatternDatabase> task) {
        try {
            task.get();
        } catch (ExecutionException e) {
            databases.remove(pattern, task);
            if (e.getCause() instanceof DatabaseUnavailableException) {
                unavailable.add(goal);
            }
            LOG.log(System.Logger.Level.WARNING, "pattern database {0}: {1}", pattern.key(), e.getCause().getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Loads or builds a database to keep in memory, once its ranked table has room in {@link #tables}; where it has
     * none, it is refused for good ({@link DatabaseUnavailableException}), said once.
     */
    private PatternDatabase loadOrBuild(Pattern pattern) {
        String refused = beyondTables.get(pattern);
        if (refused != null) {
            throw new DatabaseUnavailableException(refused);
        }
        long bytes = PatternDatabase.bytesFor(pattern.entries());
        if (!tables.reserve(bytes)) {
            String why = "pattern database " + pattern.key() + " needs " + Math.max(1, bytes >> 20) + " MiB, more "
                    + "than is left (" + (tables.left() >> 20) + " MiB) of the " + (tables.limit() >> 20)
                    + " MiB this heap keeps for databases";
            if (beyondTables.putIfAbsent(pattern, why) == null) {
                LOG.log(System.Logger.Level.WARNING, "{0}: searches that read it go without it", why);
            }
            throw new DatabaseUnavailableException(why);
        }
        try {
            PatternDatabase database = loadOrBuildWithin(pattern);
            database.takesRoomFrom(tables);
            return database;
        } catch (RuntimeException | Error e) {
            tables.release(bytes);
            throw e;
        }
    }

    private PatternDatabase loadOrBuildWithin(Pattern pattern) {
        PatternDatabase loaded = store.load(pattern);
        if (loaded != null) {
            return loaded;
        }
        checkBuildable(pattern);
        try (BuildLock ignored = BuildLock.take(store.directory(), () -> store.contains(pattern))) {
            PatternDatabase builtElsewhere = store.load(pattern);
            return builtElsewhere != null ? builtElsewhere : buildAndSave(pattern, BuildPace.FULL);
        }
    }

    /** Why one of the databases was refused room in {@link #tables}; null when none was. */
    private String beyondTables(Set<Pattern> patterns) {
        for (Pattern pattern : patterns) {
            String refused = beyondTables.get(pattern);
            if (refused != null) {
                return refused;
            }
        }
        return null;
    }

    /**
     * Builds any database of the goal that is not stored yet and saves it, under the directory's build lock, without
     * keeping it in memory (a search loads what it reads); a database another process builds meanwhile is waited
     * for. Throws {@link DatabaseUnavailableException} when one does not fit in this heap or cannot be saved.
     */
    public void store(DatabaseGoal goal) {
        store(goal, BuildPace.FULL);
    }

    /** {@link #store(DatabaseGoal)}, building at the pace given. */
    public void store(DatabaseGoal goal, BuildPace pace) {
        for (Pattern pattern : patternsOf(goal)) {
            if (store.contains(pattern)) {
                continue;
            }
            checkFitsHeap(pattern);
            try (BuildLock ignored = BuildLock.take(store.directory(), () -> store.contains(pattern))) {
                if (!store.contains(pattern)) {
                    buildAndSave(pattern, pace);
                }
            }
            if (!store.contains(pattern)) {
                // Built but not saved (a store this process may not write): building it again would not save it.
                throw new DatabaseUnavailableException("pattern database " + pattern.key() + " could not be saved in "
                        + store.directory());
            }
        }
    }

    /** Whether every database of the goal that is not stored may be built by the search that needs it. */
    public boolean buildsQuickly(DatabaseGoal goal) {
        return unobtainable(patternsOf(goal)) == null;
    }

    /**
     * How far the goal's databases are: in memory, stored, being built here, missing, or refused for want of room
     * in this heap ({@link TableMemory}).
     */
    public DatabaseState state(DatabaseGoal goal) {
        if (heuristics.containsKey(goal)) {
            return new DatabaseState.Ready(true);
        }
        Set<Pattern> patterns = patternsOf(goal);
        String refused = beyondTables(patterns);
        if (refused != null) {
            return new DatabaseState.Unavailable(refused);
        }
        int stored = 0;
        BuildProgress building = null;
        for (Pattern pattern : patterns) {
            if (store.contains(pattern)) {
                stored++;
            } else if (building == null) {
                building = builds.get(pattern);
            }
        }
        if (stored == patterns.size()) {
            return new DatabaseState.Ready(false);
        }
        return building != null ? new DatabaseState.Building(stored, patterns.size(), building.fraction())
                : new DatabaseState.Missing(stored, patterns.size());
    }

    private PatternDatabase buildAndSave(Pattern pattern, BuildPace pace) {
        BuildProgress progress = new BuildProgress(pattern.entries());
        builds.put(pattern, progress);
        listener.started(pattern);
        long started = System.nanoTime();
        PatternDatabase built = null;
        try {
            built = builder.build(pattern, progress, pace);
            LOG.log(System.Logger.Level.INFO, "built pattern database {0} ({1} entries) in {2} ms, for {3}",
                    pattern.key(), pattern.entries(), (System.nanoTime() - started) / 1_000_000, store.directory());
            try {
                store.save(built);
            } catch (IOException | RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "could not save pattern database {0} in {1}: {2}",
                        pattern.key(), store.directory(), e.toString());
            }
            return built;
        } finally {
            builds.remove(pattern);
            listener.ended(pattern, Duration.ofNanos(System.nanoTime() - started), built != null);
        }
    }

    /** A build must be allowed here and fit in the heap that is free now, with room to spare for the searches. */
    private void checkBuildable(Pattern pattern) {
        if (tooLargeToBuild(pattern)) {
            throw new DatabaseUnavailableException(notStoredAndTooLarge(pattern));
        }
        checkFitsHeap(pattern);
    }

    private void checkFitsHeap(Pattern pattern) {
        long free = HeapRoom.free();
        long needed = PatternDatabaseBuilder.bytesNeeded(pattern);
        if (!HeapRoom.allowsBuild(needed, free)) {
            throw new DatabaseUnavailableException("pattern database " + pattern.key() + " needs " + (needed >> 20)
                    + " MiB to build, more than this JVM can spare (" + (free >> 20) + " MiB free)");
        }
    }

    private boolean tooLargeToBuild(Pattern pattern) {
        return pattern.entries() > maxBuildEntries;
    }

    private String notStoredAndTooLarge(Pattern pattern) {
        return "pattern database " + pattern.key() + " is not stored in " + store.directory()
                + " and too large to build here (" + pattern.entries() + " entries, at most " + maxBuildEntries + ")";
    }

    private static Thread daemon(Runnable task) {
        Thread thread = new Thread(task, "npuzzle-pdb-background");
        thread.setDaemon(true);
        return thread;
    }
}
