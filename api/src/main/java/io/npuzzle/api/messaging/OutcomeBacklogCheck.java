package io.npuzzle.api.messaging;

import io.smallrye.health.api.Wellness;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;

/**
 * The outcome backlog in the health details ({@code /q/health/well}): DOWN while outcomes wait unrecorded and the
 * consumer group commits nothing. Not a readiness check: every replica shares the group, so taking replicas out of
 * service would not drain it; the alert in deploy/ calls an operator instead.
 */
@ApplicationScoped
@Wellness
public class OutcomeBacklogCheck implements HealthCheck {

    private final OutcomeBacklog backlog;

    OutcomeBacklogCheck(OutcomeBacklog backlog) {
        this.backlog = backlog;
    }

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named("outcome backlog").status(!backlog.isStalled())
                .withData("group", backlog.groupId())
                .withData("waiting", backlog.records())
                .withData("stalledSeconds", backlog.stalledFor().toSeconds())
                .build();
    }
}
