package io.npuzzle.deploy.app;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The wiring every deployment of an app must get right, for Kubernetes and Compose alike. */
public final class AppRunChecks {

    private AppRunChecks() {
    }

    /**
     * Every variable is a config key the app understands at run time, or one its image declares and consumes
     * (see the image checks).
     */
    public static void assertEnvUnderstood(AppRun run, Map<String, String> imageEnv) {
        List<String> problems = new ArrayList<>();
        for (String name : run.env().keySet()) {
            if (!imageEnv.containsKey(name)) {
                run.app().misunderstood(name).ifPresent(problems::add);
            }
        }
        assertEquals(List.of(), problems, run.where());
    }

    /**
     * A JVM out of memory exits, so that the orchestrator starts a fresh one instead of leaving it up with some of
     * its threads dead: the image's {@code JAVA_OPTS} carry the flag, and a deployment that sets {@code JAVA_OPTS}
     * replaces them, so it must carry the flag too. Of two spellings the later one wins.
     */
    public static void assertExitsOnOutOfMemory(AppRun run, Map<String, String> imageEnv) {
        String options = run.env().getOrDefault(JavaOptions.VARIABLE, imageEnv.get(JavaOptions.VARIABLE));
        assertTrue(JavaOptions.exitOnOutOfMemory(options), run.where() + ": " + JavaOptions.VARIABLE + " '" + options
                + "' do not turn on " + JavaOptions.EXIT_ON_OUT_OF_MEMORY);
    }

    /** Probes hit the port and the paths where the app's health extension answers. */
    public static void assertProbesServed(AppRun run) {
        HealthEndpoints health = HealthEndpoints.of(run.app(), run.env());
        assertFalse(run.probes().isEmpty(), run.where() + ": no HTTP probe");
        for (AppRun.Probe probe : run.probes()) {
            assertEquals(health.port(), probe.port(), run.where() + ": " + probe.kind() + " probe port");
            assertTrue(health.paths().contains(probe.path()), run.where() + ": " + probe.kind() + " probe path "
                    + probe.path() + " is not one of " + health.paths());
        }
        run.probes().stream().filter(probe -> probe.kind().equals("readiness"))
                .forEach(probe -> assertEquals(health.ready(), probe.path(), run.where() + ": readiness path"));
        run.probes().stream().filter(probe -> probe.kind().equals("liveness"))
                .forEach(probe -> assertEquals(health.live(), probe.path(), run.where() + ": liveness path"));
    }

    /**
     * SIGTERM starts Quarkus' graceful shutdown, which waits up to {@code quarkus.shutdown.timeout}: that must
     * cover the work the app holds, and the grace period must cover the pre-stop pause plus that timeout.
     */
    public static void assertStopsGracefully(AppRun run) {
        Duration work = ShutdownWork.of(run);
        Duration timeout = Durations.quarkus(run.app().value("quarkus.shutdown.timeout", run.env())
                .orElseThrow(() -> new AssertionError(run.where() + ": no quarkus.shutdown.timeout, so shutdown"
                        + " does not wait for work in flight")));
        assertTrue(timeout.compareTo(work) >= 0,
                run.where() + ": shutdown timeout " + timeout + " is shorter than the work in flight, up to " + work);
        Duration needed = run.preStop().plus(timeout);
        assertTrue(run.gracePeriod().compareTo(needed) > 0, run.where() + ": grace period " + run.gracePeriod()
                + " does not exceed pre-stop + shutdown timeout = " + needed);
    }
}
