package io.npuzzle.worker.metrics;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.npuzzle.core.board.Shape;
import io.npuzzle.core.pdb.DatabaseGoal;
import io.npuzzle.core.pdb.DatabaseSet;
import io.npuzzle.core.pdb.DatabaseState;
import io.npuzzle.worker.solve.WorkerDatabases;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.subscription.Cancellable;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * Where this worker's pattern databases stand, as gauges by board shape and set: the goals it needs (its plan's,
 * and those its searches asked for) and, of those, the goals whose databases are all stored. They are looked at on
 * a period rather than at every scrape, since a look reads the store as the health report does.
 */
@ApplicationScoped
public class DatabaseGoalMeters {

    private static final Duration LOOK = Duration.ofSeconds(10);

    private final MeterRegistry registry;
    private final Supplier<Map<DatabaseGoal, DatabaseState>> states;
    private final Map<Group, Goals> groups = new ConcurrentHashMap<>();
    private Cancellable looks;

    @Inject
    DatabaseGoalMeters(MeterRegistry registry, WorkerDatabases databases) {
        this(registry, databases::states);
    }

    DatabaseGoalMeters(MeterRegistry registry, Supplier<Map<DatabaseGoal, DatabaseState>> states) {
        this.registry = registry;
        this.states = states;
    }

    void start(@Observes StartupEvent event) {
        look();
        looks = Multi.createFrom().ticks().every(LOOK).subscribe().with(tick -> look());
    }

    void stop(@Observes ShutdownEvent event) {
        if (looks != null) {
            looks.cancel();
        }
    }

    /** Counts the goals of each shape and set as they stand now. */
    void look() {
        states.get().entrySet().stream()
                .collect(Collectors.groupingBy(entry -> new Group(entry.getKey().shape(), entry.getKey().set()),
                        Collectors.mapping(Map.Entry::getValue, Collectors.toList())))
                .forEach((group, goals) -> groups.computeIfAbsent(group, this::register).show(goals));
    }

    private Goals register(Group group) {
        Goals goals = new Goals(new AtomicInteger(), new AtomicInteger());
        String shape = group.shape().toString();
        String set = group.set().name().toLowerCase(Locale.ROOT);
        Gauge.builder("npuzzle.database.goals", goals.needed(), AtomicInteger::get)
                .description("Goals (a shape's goal blank cell, in a set) whose databases this worker needs")
                .tag("shape", shape).tag("set", set).register(registry);
        Gauge.builder("npuzzle.database.goals.stored", goals.stored(), AtomicInteger::get)
                .description("Goals this worker needs whose databases are all stored")
                .tag("shape", shape).tag("set", set).register(registry);
        return goals;
    }

    /** The goals of one shape in one set: what the gauges are labelled by. */
    private record Group(Shape shape, DatabaseSet set) {
    }

    /** What the gauges of a group show: its goals, and those stored. */
    private record Goals(AtomicInteger needed, AtomicInteger stored) {

        void show(List<DatabaseState> goals) {
            needed.set(goals.size());
            stored.set((int) goals.stream().filter(DatabaseState.Ready.class::isInstance).count());
        }
    }
}
