package io.npuzzle.deploy.k8s;

import io.npuzzle.deploy.app.AppMeters;
import io.npuzzle.deploy.app.AppRun;
import io.npuzzle.deploy.app.Durations;
import io.npuzzle.protocol.Topics;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

import java.math.BigDecimal;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The alerts ship with every overlay, each one complete, and watch only meters the apps serve: renaming a meter in
 * the apps without the alert fails here, not silently in Prometheus.
 */
class AlertRulesTest {

    static final String RULE = "npuzzle-alerts";
    private static final Set<String> SEVERITIES = Set.of("critical", "warning", "info");
    private static final Pattern THRESHOLD = Pattern.compile(">\\s*(\\d+(?:\\.\\d+)?)\\s*$");

    @ParameterizedTest
    @FieldSource("io.npuzzle.deploy.k8s.Kustomize#OVERLAYS")
    void everyOverlayShipsTheAlertsWithTheBaseLabels(String overlay) {
        RenderedOverlay rendered = RenderedOverlay.of(overlay);
        List<PrometheusRule> rules = rendered.all(PrometheusRule.class);
        assertEquals(1, rules.size(), overlay + ": one PrometheusRule");
        PrometheusRule rule = rendered.named(PrometheusRule.class, RULE);
        assertEquals("npuzzle", rule.metadata().getLabels().get("app.kubernetes.io/part-of"));
        Set<String> alerts = alertNames(rule);
        assertTrue(alerts.containsAll(Set.of("NpuzzleOutcomesNotDraining", "NpuzzleJobsAbandoned")),
                overlay + ": the alerts, among " + alerts);
    }

    @ParameterizedTest
    @FieldSource("io.npuzzle.deploy.k8s.Kustomize#OVERLAYS")
    void everyAlertHasAnExpressionASeverityAndASummary(String overlay) {
        PrometheusRule rule = RenderedOverlay.of(overlay).named(PrometheusRule.class, RULE);
        Set<String> names = new HashSet<>();
        for (PrometheusRule.Rule alert : rule.spec().alerts()) {
            String where = overlay + " " + alert + ": ";
            assertTrue(names.add(alert.alert()), where + "alert names are unique");
            assertFalse(alert.expr().isBlank(), where + "an expression");
            assertTrue(SEVERITIES.contains(alert.label("severity")),
                    where + "a severity label, one of " + SEVERITIES + ", not " + alert.label("severity"));
            assertNotNull(alert.annotation("summary"), where + "a summary annotation");
            assertFalse(alert.annotation("summary").isBlank(), where + "a summary annotation");
            assertNotNull(alert.annotation("description"), where + "a description of what to look at");
        }
    }

    @ParameterizedTest
    @FieldSource("io.npuzzle.deploy.k8s.Kustomize#OVERLAYS")
    void everyMetricAnAlertUsesIsOneTheAppsServe(String overlay) {
        PrometheusRule rule = RenderedOverlay.of(overlay).named(PrometheusRule.class, RULE);
        Set<String> served = AppMeters.seriesNames();
        for (PrometheusRule.Rule each : rule.spec().rules()) {
            Set<String> used = PromQl.metricNames(each.expr());
            assertFalse(used.isEmpty(), overlay + " " + each + ": watches a metric: " + each.expr());
            Set<String> unknown = new TreeSet<>(used);
            unknown.removeAll(served);
            assertTrue(unknown.isEmpty(), overlay + " " + each + " uses " + unknown + ", which no app serves (a"
                    + " meter renamed or gone, or not named by a string literal where it is built); they serve "
                    + served);
        }
    }

    @ParameterizedTest
    @FieldSource("io.npuzzle.deploy.k8s.Kustomize#OVERLAYS")
    void theOutcomesAlertFiresWhereTheApiCallsItsBacklogStalled(String overlay) {
        RenderedOverlay rendered = RenderedOverlay.of(overlay);
        PrometheusRule.Rule alert = alert(rendered.named(PrometheusRule.class, RULE), "NpuzzleOutcomesNotDraining");
        assertEquals("critical", alert.label("severity"));
        assertEquals(Set.of("npuzzle_outcomes_backlog_stalled_seconds"), PromQl.metricNames(alert.expr()));
        Matcher threshold = THRESHOLD.matcher(alert.expr());
        assertTrue(threshold.find(), "the alert compares the stall with a threshold: " + alert.expr());

        // Past the same point the API's own health check reports the backlog DOWN.
        AppRun api = KubernetesApps.run(rendered, "api");
        long stalledAfter = Durations.quarkus(api.app().require("npuzzle.api.outcomes.stalled-after", api.env()))
                .toSeconds();
        assertEquals(0, new BigDecimal(threshold.group(1)).compareTo(BigDecimal.valueOf(stalledAfter)),
                overlay + ": threshold " + threshold.group(1) + " s, the API's stalled-after " + stalledAfter + " s");

        // What to look at: the consumer group that records the outcomes.
        String group = outcomeGroup(api);
        assertTrue(alert.annotation("description").contains("--describe --group " + group),
                "the description shows how to describe the consumer group " + group);
        assertTrue(alert.annotation("summary").contains(group), "the summary names the consumer group " + group);
    }

    @ParameterizedTest
    @FieldSource("io.npuzzle.deploy.k8s.Kustomize#OVERLAYS")
    void abandonedJobsWarn(String overlay) {
        PrometheusRule.Rule alert = alert(RenderedOverlay.of(overlay).named(PrometheusRule.class, RULE),
                "NpuzzleJobsAbandoned");
        assertEquals("warning", alert.label("severity"));
        assertTrue(alert.expr().contains("npuzzle_jobs_redriven_total{route=\"abandoned\"}"), alert.expr());
    }

    @Test
    void theAppsServeTheMetersTheAlertsWatch() {
        Set<String> served = AppMeters.seriesNames();
        for (String name : List.of("npuzzle_outcomes_backlog", "npuzzle_outcomes_backlog_stalled_seconds",
                "npuzzle_jobs_redriven_total", "npuzzle_jobs_finished_total")) {
            assertTrue(served.contains(name), name + " among " + served);
        }
    }

    private static Set<String> alertNames(PrometheusRule rule) {
        Set<String> names = new TreeSet<>();
        rule.spec().alerts().forEach(alert -> names.add(alert.alert()));
        return names;
    }

    private static PrometheusRule.Rule alert(PrometheusRule rule, String name) {
        return rule.spec().alerts().stream().filter(alert -> alert.alert().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no alert " + name));
    }

    /** The consumer group of the API's channel that reads the workers' outcomes. */
    private static String outcomeGroup(AppRun api) {
        Map<String, String> incoming = api.app().topics("incoming");
        String channel = incoming.entrySet().stream().filter(entry -> entry.getValue().equals(Topics.RESULTS))
                .map(Map.Entry::getKey).findFirst()
                .orElseThrow(() -> new AssertionError("the API reads no channel from " + Topics.RESULTS));
        return api.app().groupId(channel, api.env());
    }
}
