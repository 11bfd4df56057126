package io.npuzzle.deploy.app;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

/**
 * One app as a deployment runs it, whatever the orchestrator: its image, the environment its container gets,
 * the HTTP probes aimed at it, and how long it gets to stop.
 *
 * @param where     names the deployment in failure messages
 * @param cpus      the CPUs the JVM sees (a container's CPU limit), when the deployment fixes them
 * @param preStop   time spent before SIGTERM reaches the app
 * @param gracePeriod time from the stop request to SIGKILL
 */
public record AppRun(String where, AppModule app, String image, Map<String, String> env, List<Probe> probes,
                     OptionalInt cpus, Duration preStop, Duration gracePeriod) {

    public record Probe(String kind, String path, int port) {
    }
}
