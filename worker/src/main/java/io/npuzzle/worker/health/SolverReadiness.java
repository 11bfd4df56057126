package io.npuzzle.worker.health;

import io.npuzzle.worker.solve.SolverSlots;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;
import org.eclipse.microprofile.health.Startup;

/** Not ready, and not started, until the solver's pattern databases are loaded: before that a solve would stall. */
@Readiness
@Startup
@ApplicationScoped
public class SolverReadiness implements HealthCheck {

    private final SolverSlots solver;

    SolverReadiness(SolverSlots solver) {
        this.solver = solver;
    }

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named("solver-databases").status(solver.isReady()).build();
    }
}
