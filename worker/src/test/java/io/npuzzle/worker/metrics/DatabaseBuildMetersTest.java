package io.npuzzle.worker.metrics;

import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.npuzzle.core.board.Shape;
import io.npuzzle.core.pdb.Pattern;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The meters of the database builds, as the databases report them. */
class DatabaseBuildMetersTest {

    /** The first six cells of a 5x5 board: a six-tile database. */
    private static final Pattern SIX_TILES = new Pattern(Shape.of(5, 5), 0b111111);

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final DatabaseBuildMeters meters = new DatabaseBuildMeters(registry);

    @Test
    void aBuildCountsAsUnderWayUntilItEndsAndIsThenTimedByShapeAndTiles() {
        assertEquals(0, building(), "served before any build");

        meters.started(SIX_TILES);
        assertEquals(1, building());
        meters.ended(SIX_TILES, Duration.ofSeconds(90), true);

        assertEquals(0, building());
        Timer built = registry.get("npuzzle.database.build.time").tags("shape", "5x5", "tiles", "6").timer();
        assertEquals(1, built.count());
        assertEquals(90, built.totalTime(TimeUnit.SECONDS));
    }

    @Test
    void aBuildThatFailedIsNoLongerUnderWayAndNotTimed() {
        meters.started(SIX_TILES);
        meters.ended(SIX_TILES, Duration.ofSeconds(3), false);

        assertEquals(0, building());
        assertNull(registry.find("npuzzle.database.build.time").timer());
    }

    private double building() {
        return registry.get("npuzzle.database.building").gauge().value();
    }
}
