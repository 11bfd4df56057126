package io.npuzzle.worker.health;

import io.npuzzle.worker.messaging.HeavyLane;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Liveness;

/**
 * Not live once a heavy slot's share consumer has ended, as the connector's channels are not live once their
 * consumer failed: the heavy lane sits outside the connector, so it answers for itself, and an orchestrator
 * restarts a worker that no longer takes heavy jobs.
 */
@Liveness
@ApplicationScoped
public class HeavyLaneLiveness implements HealthCheck {

    private final HeavyLane lane;

    HeavyLaneLiveness(HeavyLane lane) {
        this.lane = lane;
    }

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named("heavy-lane").status(lane.consuming()).build();
    }
}
