package io.npuzzle.core.pdb;

import io.npuzzle.core.board.Shape;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Builds the databases a service may need into its store, in the background, one database at a time and, through
 * the store's {@link BuildLock}, one process at a time, so that every process sharing the store has them without
 * building them twice. Goals that searches wait for go first, most waited for first; a wish is also left in the
 * store ({@value #WANTED}) so that whichever process builds next, builds it next. Then the plan: the standard sets
 * up to 5x5 and the blocks of 6x6 to 8x8, largest first, with the large set ahead of them where enabled.
 *
 * <p>A build goes at the pace it is given (a service's gives way to the work it serves) while no search waits for a
 * database, here or in another process sharing the store; while one does, it goes at full speed.
 */
public final class DatabasePreparation {

    static final String WANTED = "wanted";
    private static final System.Logger LOG = System.getLogger(DatabasePreparation.class.getName());
    /** How often an idle preparation looks for wishes other processes left in the store. */
    private static final Duration IDLE_LOOK = Duration.ofSeconds(2);
    /**
     * How long a build that gives way trusts its last look at whether searches wait: the wishes of other processes
     * are files, too costly to list between every two chunks of a build.
     */
    private static final Duration WAITS_LOOK = Duration.ofMillis(50);

    private final PatternDatabases databases;
    private final Path wanted;
    private final List<DatabaseGoal> plan;
    /** Goals searches here wait for, with how many have asked; the most asked for is built first. */
    private final Map<DatabaseGoal, AtomicLong> asked = new ConcurrentHashMap<>();
    /** Goals outside the plan that searches here have asked for, listed in {@link #states()} after the plan's. */
    private final Set<DatabaseGoal> askedOutsidePlan = ConcurrentHashMap.newKeySet();
    private final Map<DatabaseGoal, String> unavailable = new ConcurrentHashMap<>();
    /** Notified when a goal is stored or found impossible, and when a search asks for one. */
    private final Object changes = new Object();
    /** The pace of a build while no search waits. */
    private final BuildPace unwaitedPace;
    private volatile boolean searchesWait;
    private volatile long waitsLookedAt = System.nanoTime() - WAITS_LOOK.toNanos();

    /** A preparation that builds at full speed. */
    public DatabasePreparation(PatternDatabases databases, List<DatabaseGoal> plan) {
        this(databases, plan, BuildPace.FULL);
    }

    /** @param unwaitedPace the pace of a build while no search waits for a database */
    public DatabasePreparation(PatternDatabases databases, List<DatabaseGoal> plan, BuildPace unwaitedPace) {
        this.databases = databases;
        this.wanted = databases.directory().resolve(WANTED);
        this.plan = List.copyOf(plan);
        this.unwaitedPace = unwaitedPace;
    }

    /** The standard sets of every shape up to 5x5 and the blocks of 6x6 to 8x8, largest first; the large set first. */
    public static List<DatabaseGoal> plan(DatabaseSet largest) {
        List<Shape> shapes = new ArrayList<>();
        for (int rows = Shape.MIN_SIDE; rows <= Shape.MAX_SIDE; rows++) {
            for (int cols = Shape.MIN_SIDE; cols <= Shape.MAX_SIDE; cols++) {
                Shape shape = Shape.of(rows, cols);
                if (PatternDatabases.supports(shape) || PatternDatabases.guidesBeams(shape)) {
                    shapes.add(shape);
                }
            }
        }
        // Squares first among shapes of a size: 5x5 before 4x6, the blocks of 6x6 before the rest.
        shapes.sort(Comparator.comparing((Shape shape) -> PatternDatabases.guidesBeams(shape))
                .thenComparing(shape -> -shape.size() + (shape.rows() == shape.cols() ? -1 : 0)));
        List<DatabaseGoal> plan = new ArrayList<>();
        if (largest == DatabaseSet.LARGE) {
            for (Shape shape : shapes) {
                if (Partitions.hasLargeSet(shape)) {
                    plan.addAll(DatabaseGoal.usual(shape, DatabaseSet.LARGE));
                }
            }
        }
        for (Shape shape : shapes) {
            plan.addAll(DatabaseGoal.usual(shape, DatabaseSet.STANDARD));
        }
        return plan;
    }

    /**
     * The {@link #plan(DatabaseSet) plan} of the shapes given only, in its order.
     *
     * @throws IllegalArgumentException for a shape without pattern databases
     */
    public static List<DatabaseGoal> plan(DatabaseSet largest, Set<Shape> shapes) {
        for (Shape shape : shapes) {
            if (!PatternDatabases.supports(shape) && !PatternDatabases.guidesBeams(shape)) {
                throw new IllegalArgumentException("no pattern databases for " + shape
                        + " (shapes of 11 to 25 cells, such as 4x5, or squares of 6x6 to 8x8)");
            }
        }
        return plan(largest).stream().filter(goal -> shapes.contains(goal.shape())).toList();
    }

    /** Starts building on a daemon thread of its own. */
    public DatabasePreparation start() {
        Thread thread = new Thread(this::run, "npuzzle-pdb-preparation");
        thread.setDaemon(true);
        thread.start();
        return this;
    }

    /**
     * Where the goal's databases stand, from a search's point of view: ready, being built, waiting for a build, or
     * impossible here.
     */
    public DatabaseState state(DatabaseGoal goal) {
        String reason = unavailable.get(goal);
        return reason != null ? new DatabaseState.Unavailable(reason) : databases.state(goal);
    }

    /**
     * Where each goal of the plan stands, in plan order, then each goal outside it that a search here asked for:
     * for health reports.
     */
    public Map<DatabaseGoal, DatabaseState> states() {
        Map<DatabaseGoal, DatabaseState> states = new LinkedHashMap<>();
        for (DatabaseGoal goal : plan) {
            states.put(goal, state(goal));
        }
        for (DatabaseGoal goal : askedOutsidePlan) {
            states.putIfAbsent(goal, state(goal));
        }
        return states;
    }

    /** Waits up to {@code patience} for the goal's databases, and says where they stand then. */
    public DatabaseState await(DatabaseGoal goal, Duration patience) {
        DatabaseState state = state(goal);
        if (state.settled()) {
            return state;
        }
        long deadline = System.nanoTime() + patience.toNanos();
        synchronized (changes) {
            while (!(state = state(goal)).settled()) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return state;
                }
                try {
                    changes.wait(Math.max(1, Math.min(left / 1_000_000, IDLE_LOOK.toMillis())));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return state;
                }
            }
        }
        return state;
    }

    /**
     * A search waits for the goal's databases: they go ahead of the plan, the most waited for first, here and in
     * any process sharing the store. Once per search.
     */
    public void want(DatabaseGoal goal) {
        if (state(goal).settled()) {
            return;
        }
        asked.computeIfAbsent(goal, key -> new AtomicLong()).incrementAndGet();
        if (!plan.contains(goal)) {
            askedOutsidePlan.add(goal);
        }
        searchesWait = true; // a build under way goes at full speed from now on
        try {
            Files.createDirectories(wanted);
            Path wish = wanted.resolve(WantedGoal.fileName(goal));
            if (!Files.exists(wish)) {
                Files.createFile(wish);
            }
        } catch (IOException e) {
            // A store this process cannot write: the wish stays local.
            LOG.log(System.Logger.Level.DEBUG, "could not leave a wish for {0} in {1}: {2}", goal.label(), wanted, e);
        }
        synchronized (changes) {
            changes.notifyAll(); // wakes the builder when idle
        }
    }

    private void run() {
        while (true) {
            Optional<DatabaseGoal> next = next();
            if (next.isEmpty()) {
                synchronized (changes) {
                    try {
                        changes.wait(IDLE_LOOK.toMillis());
                    } catch (InterruptedException e) {
                        return;
                    }
                }
                continue;
            }
            DatabaseGoal goal = next.get();
            try {
                databases.store(goal, this::givesWay);
            } catch (DatabaseUnavailableException e) {
                unavailable.put(goal, e.getMessage());
                LOG.log(System.Logger.Level.WARNING, "the {0} databases are not built here: {1}", goal.label(),
                        e.getMessage());
            } catch (RuntimeException e) {
                unavailable.put(goal, e.toString());
                LOG.log(System.Logger.Level.WARNING, "building the " + goal.label() + " databases failed", e);
            }
            settle(goal);
        }
    }

    /** The pace of the builds: the one given, unless a search waits for a database. */
    private boolean givesWay() {
        return unwaitedPace.givesWay() && !searchesWait();
    }

    /** Whether a search here, or in another process sharing the store, waits for a database this process may build. */
    private boolean searchesWait() {
        long now = System.nanoTime();
        if (now - waitsLookedAt >= WAITS_LOOK.toNanos()) {
            searchesWait = asked.keySet().stream().anyMatch(this::needsBuild)
                    || wishedInStore().stream().anyMatch(this::needsBuild);
            waitsLookedAt = now;
        }
        return searchesWait;
    }

    /** Forgets the wishes for a goal that is now stored or impossible here, and wakes the searches waiting. */
    private void settle(DatabaseGoal goal) {
        if (databases.state(goal) instanceof DatabaseState.Ready) {
            asked.remove(goal);
            try {
                Files.deleteIfExists(wanted.resolve(WantedGoal.fileName(goal)));
            } catch (IOException e) {
                LOG.log(System.Logger.Level.DEBUG, "could not remove the wish for {0}: {1}", goal.label(), e);
            }
        }
        synchronized (changes) {
            changes.notifyAll();
        }
    }

    /** The goal to build next: the most asked for here, then any wished for in the store, then the plan's next. */
    private Optional<DatabaseGoal> next() {
        Optional<DatabaseGoal> askedHere = asked.entrySet().stream()
                .filter(entry -> needsBuild(entry.getKey()))
                .max(Comparator.comparingLong(entry -> entry.getValue().get()))
                .map(Map.Entry::getKey);
        if (askedHere.isPresent()) {
            return askedHere;
        }
        for (DatabaseGoal goal : wishedInStore()) {
            if (needsBuild(goal)) {
                return Optional.of(goal);
            }
        }
        return plan.stream().filter(this::needsBuild).findFirst();
    }

    private boolean needsBuild(DatabaseGoal goal) {
        return !unavailable.containsKey(goal) && !(databases.state(goal) instanceof DatabaseState.Ready);
    }

    private List<DatabaseGoal> wishedInStore() {
        List<DatabaseGoal> wishes = new ArrayList<>();
        if (!Files.isDirectory(wanted)) {
            return wishes;
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(wanted)) {
            for (Path file : files) {
                WantedGoal.parse(file.getFileName().toString()).ifPresent(wishes::add);
            }
        } catch (IOException e) {
            LOG.log(System.Logger.Level.DEBUG, "could not read the wishes in {0}: {1}", wanted, e);
        }
        return wishes;
    }
}
