package io.npuzzle.deploy.app;

import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Reading the apps' meters from their sources, as Prometheus is served them. */
class AppMetersTest {

    @Test
    void meterNamesAreReadAsPrometheusServesThem() {
        String source = """
                class Meters {
                    Meters(MeterRegistry registry) {
                        Gauge.builder("app.backlog.stalled", this, m -> 1.0)
                                .description("a // not a comment")
                                .baseUnit("seconds")
                                .register(registry);
                        Gauge.builder("app.backlog", this, m -> 1.0).register(registry);
                        Counter.builder("app.jobs.submitted").tag("route", "cache").register(registry);
                        registry.counter("app.jobs.redriven", "route", "queue");
                        registry.gauge("app.in.flight", new AtomicInteger());
                        Timer.builder("app.solve.time").register(registry);
                        Timer.builder("app.search.time").serviceLevelObjectives(Duration.ofSeconds(1))
                                .register(registry);
                        // registry.counter("app.commented.out");
                    }
                }
                """;
        assertEquals(Set.of("app_backlog_stalled_seconds", "app_backlog", "app_jobs_submitted_total",
                "app_jobs_redriven_total", "app_in_flight", "app_solve_time_seconds_count",
                "app_solve_time_seconds_sum", "app_solve_time_seconds_max", "app_search_time_seconds_count",
                "app_search_time_seconds_sum", "app_search_time_seconds_max", "app_search_time_seconds_bucket"),
                AppMeters.inSource(source));
    }

    @Test
    void labelsAreReadFromTheTagsNamedByStringLiterals() {
        String source = """
                class Meters {
                    Meters(MeterRegistry registry) {
                        Counter.builder("app.jobs.submitted").tag("route", route(Route.CACHE, "x,y")).register(registry);
                        registry.counter("app.jobs.finished", "status", status.name(), "lane", lane(a, b));
                        registry.gauge("app.in.flight", new AtomicInteger());
                        Timer.builder("app.solve.time").tags("shape", shape.rows() + "x" + shape.cols())
                                .tag("outcome", outcome.name()).serviceLevelObjectives(BUCKETS).register(registry);
                        Timer.builder("app.wait").tags(Tags.of("client", client)).register(registry);
                        registry.counter("app.tasks", tags);
                        registry.counter("app.nodes");
                    }
                }
                """;
        Set<String> timer = Set.of("shape", "outcome");
        assertEquals(Map.ofEntries(
                Map.entry("app_jobs_submitted_total", Set.of("route")),
                Map.entry("app_jobs_finished_total", Set.of("status", "lane")),
                Map.entry("app_in_flight", Set.of()),
                Map.entry("app_solve_time_seconds_count", timer),
                Map.entry("app_solve_time_seconds_sum", timer),
                Map.entry("app_solve_time_seconds_max", timer),
                Map.entry("app_solve_time_seconds_bucket", Set.of("shape", "outcome", "le")),
                Map.entry("app_nodes_total", Set.of())),
                AppMeters.labelsInSource(source), "the tags of app.wait and app.tasks are not named here");
    }
}
