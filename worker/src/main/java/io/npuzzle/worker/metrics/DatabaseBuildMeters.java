package io.npuzzle.worker.metrics;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.npuzzle.core.pdb.BuildListener;
import io.npuzzle.core.pdb.Pattern;
import jakarta.inject.Singleton;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The pattern database builds of this worker as meters: the builds under way, and the time of each database built,
 * by board shape and the number of tiles it covers. A singleton, made where the databases are, so that the gauge is
 * served before the first build.
 */
@Singleton
public class DatabaseBuildMeters implements BuildListener {

    private final MeterRegistry registry;
    private final AtomicInteger building;

    DatabaseBuildMeters(MeterRegistry registry) {
        this.registry = registry;
        this.building = registry.gauge("npuzzle.database.building", new AtomicInteger());
    }

    @Override
    public void started(Pattern pattern) {
        building.incrementAndGet();
    }

    @Override
    public void ended(Pattern pattern, Duration took, boolean built) {
        building.decrementAndGet();
        if (built) {
            Timer.builder("npuzzle.database.build.time")
                    .description("Time to build and store one pattern database, by board shape and its tiles")
                    .tag("shape", pattern.shape().toString()).tag("tiles", Integer.toString(pattern.tileCount()))
                    .register(registry).record(took);
        }
    }
}
