package io.npuzzle.deploy.app;

import java.util.Map;
import java.util.Set;

/**
 * Where an app serves SmallRye Health, worked out as Quarkus does from the app's settings and the extensions'
 * defaults: on the HTTP port under the non-application root, or on the management port when the management
 * interface is enabled.
 */
public record HealthEndpoints(int port, String live, String ready, String started) {

    public static HealthEndpoints of(AppModule app, Map<String, String> env) {
        if (!app.hasExtension("quarkus-smallrye-health")) {
            throw new AssertionError(app.module() + " does not use quarkus-smallrye-health, so no health endpoint"
                    + " answers its probes");
        }
        boolean management = Boolean.parseBoolean(app.require("quarkus.management.enabled", env))
                && Boolean.parseBoolean(app.require("quarkus.smallrye-health.management.enabled", env));
        int port = Integer.parseInt(app.require(management ? "quarkus.management.port" : "quarkus.http.port", env));
        String base = management
                ? app.require("quarkus.management.root-path", env)
                : resolve(app.require("quarkus.http.root-path", env),
                        app.require("quarkus.http.non-application-root-path", env));
        String health = resolve(base, app.require("quarkus.smallrye-health.root-path", env));
        return new HealthEndpoints(port,
                resolve(health, app.require("quarkus.smallrye-health.liveness-path", env)),
                resolve(health, app.require("quarkus.smallrye-health.readiness-path", env)),
                resolve(health, app.require("quarkus.smallrye-health.startup-path", env)));
    }

    public Set<String> paths() {
        return Set.of(live, ready, started);
    }

    /** A path that starts with a slash stands alone; any other is relative to its parent. */
    static String resolve(String parent, String path) {
        String joined = path.startsWith("/") ? path : parent + "/" + path;
        return joined.replaceAll("/+", "/").replaceAll("(.)/$", "$1");
    }
}
