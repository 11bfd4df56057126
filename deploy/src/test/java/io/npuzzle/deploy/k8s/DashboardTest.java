package io.npuzzle.deploy.k8s;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.npuzzle.deploy.Repository;
import io.npuzzle.deploy.app.AppMeters;
import io.npuzzle.deploy.k8s.GrafanaDashboard.Panel;
import io.npuzzle.deploy.k8s.GrafanaDashboard.Target;
import io.npuzzle.deploy.k8s.GrafanaDashboard.Variable;
import io.npuzzle.deploy.k8s.PromQl.LabelMatcher;
import io.npuzzle.deploy.k8s.PromQl.Selector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

import java.util.ArrayList;
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
 * The Grafana dashboard ships with every overlay for Grafana's sidecar, and charts only series the apps serve, by
 * labels they carry: renaming a meter or a tag in the apps without the dashboard fails here, not as an empty panel.
 */
class DashboardTest {

    private static final String FILE = "deploy/base/dashboard.json";
    private static final String CONFIG_MAP = "npuzzle-dashboard";
    /** The label Grafana's dashboard sidecar looks for, with the value kube-prometheus-stack selects. */
    private static final Map<String, String> SIDECAR_LABEL = Map.of("grafana_dashboard", "1");
    private static final String DATASOURCE = "${datasource}";
    /** The selector that keeps each query to the namespace picked, as the alerts are kept per namespace. */
    private static final LabelMatcher IN_NAMESPACE = new LabelMatcher("namespace", "=~", "$namespace");
    /** Labels Prometheus gives every series it scrapes from a pod, beside the meters' own tags. */
    private static final Set<String> SCRAPE_LABELS = Set.of("job", "instance", "namespace", "pod");
    private static final Pattern LABEL_VALUES = Pattern.compile("label_values\\((.+),\\s*(\\w+)\\)");
    private static final Pattern LEGEND_LABEL = Pattern.compile("\\{\\{\\s*(\\w+)\\s*}}");

    /** What operators watch, each by the series a panel must chart and the label it breaks it down by, if any. */
    private static final List<Subject> SUBJECTS = List.of(
            new Subject("jobs accepted per second", "npuzzle_jobs_submitted_total", null),
            new Subject("jobs finished per second, by status", "npuzzle_jobs_finished_total", "status"),
            new Subject("wait from submission to hand-out", "npuzzle_client_turn_wait_seconds_count", "lane"),
            new Subject("time from submission to outcome", "npuzzle_jobs_latency_seconds_bucket", "lane"),
            new Subject("re-drives", "npuzzle_jobs_redriven_total", "route"),
            new Subject("backlog per lane", "npuzzle_lane_jobs_waiting", "lane"),
            new Subject("outcome backlog", "npuzzle_outcomes_backlog", null),
            new Subject("outcome backlog stalled", "npuzzle_outcomes_backlog_stalled_seconds", null),
            new Subject("solve time by shape", "npuzzle_solve_time_seconds_bucket", "shape"),
            new Subject("cache hit rate", "npuzzle_cache_lookups_total", "where"),
            new Subject("jobs in hand per worker", "npuzzle_worker_jobs_in_flight", "instance"),
            new Subject("database goals stored", "npuzzle_database_goals_stored", "shape"),
            new Subject("database goals needed", "npuzzle_database_goals", "shape"),
            new Subject("database builds under way per worker", "npuzzle_database_building", "instance"),
            new Subject("database build time by shape", "npuzzle_database_build_time_seconds_count", "shape"));

    private record Subject(String what, String series, String by) {
    }

    /** Grafana's {@code label_values(series, label)}: a variable's choices. */
    private record LabelValues(String series, String label) {
    }

    @Test
    void theDashboardParsesAndEveryPanelHasATitleAndAQuery() {
        GrafanaDashboard dashboard = dashboard();
        assertFalse(dashboard.panels().isEmpty(), "the dashboard has panels");
        dashboard.rows().forEach(row -> assertFalse(row.isBlank(), "every row has a title"));
        for (Panel panel : dashboard.panels()) {
            assertNotNull(panel.title(), "every panel has a title: " + panel);
            assertFalse(panel.title().isBlank(), "every panel has a title");
            assertFalse(panel.targets().isEmpty(), panel + ": at least one query");
            Set<String> refIds = new HashSet<>();
            for (Target target : panel.targets()) {
                assertNotNull(target.expr(), panel + ": every query has an expression");
                assertFalse(target.expr().isBlank(), panel + ": every query has an expression");
                assertTrue(target.refId() != null && refIds.add(target.refId()), panel + ": query ids are unique");
            }
        }
    }

    @Test
    void everyQueryAsksTheDatasourceTheDashboardIsOpenedWith() {
        GrafanaDashboard dashboard = dashboard();
        Variable datasource = dashboard.variable("datasource");
        assertEquals("datasource", datasource.type(), "a variable to pick the datasource by");
        assertEquals("prometheus", datasource.query(), "among the Prometheus datasources");
        assertEquals(DATASOURCE, dashboard.variable("namespace").datasource());
        for (Panel panel : dashboard.panels()) {
            assertEquals(DATASOURCE, panel.datasource(), panel + ": its datasource");
            panel.targets().forEach(target -> assertEquals(DATASOURCE, target.datasource(),
                    panel + " " + target.refId() + ": its datasource"));
        }
    }

    @Test
    void everySeriesAQueryUsesIsOneTheAppsServe() {
        Set<String> served = AppMeters.seriesNames();
        GrafanaDashboard dashboard = dashboard();
        for (Panel panel : dashboard.panels()) {
            for (Target target : panel.targets()) {
                Set<String> unknown = new TreeSet<>(PromQl.metricNames(target.expr()));
                assertFalse(unknown.isEmpty(), panel + " " + target.refId() + ": charts a metric: " + target.expr());
                unknown.removeAll(served);
                assertTrue(unknown.isEmpty(), panel + " " + target.refId() + " uses " + unknown + ", which no app"
                        + " serves (a meter renamed or gone, or not named by a string literal where it is built);"
                        + " they serve " + served);
            }
        }
        Set<String> listed = PromQl.metricNames(namespaces(dashboard).series());
        assertTrue(served.containsAll(listed), "the namespace variable lists the namespaces of " + listed
                + ", which no app serves; they serve " + served);
    }

    @Test
    void everyLabelAQueryFiltersOrGroupsByIsOneItsSeriesCarries() {
        Map<String, Set<String>> labels = AppMeters.seriesLabels();
        for (Panel panel : dashboard().panels()) {
            for (Target target : panel.targets()) {
                String where = panel + " " + target.refId() + ": ";
                Set<String> grouping = PromQl.groupingLabels(target.expr());
                for (Selector selector : PromQl.selectors(target.expr())) {
                    // A series whose tags AppMeters cannot tell is not checked.
                    Set<String> carried = labels.get(selector.metric());
                    if (carried == null) {
                        continue;
                    }
                    List<String> used = new ArrayList<>(grouping);
                    selector.matchers().forEach(matcher -> used.add(matcher.label()));
                    for (String label : used) {
                        assertTrue(carried.contains(label) || SCRAPE_LABELS.contains(label), where
                                + selector.metric() + " has no label " + label + ": its labels are " + carried
                                + " and Prometheus' " + SCRAPE_LABELS);
                    }
                }
                Matcher legend = LEGEND_LABEL.matcher(target.legendFormat());
                while (legend.find()) {
                    assertTrue(grouping.contains(legend.group(1)), where + "the legend shows " + legend.group(1)
                            + ", which the query does not keep: it keeps " + grouping);
                }
            }
        }
    }

    @Test
    void everyQueryKeepsToTheNamespacePicked() {
        GrafanaDashboard dashboard = dashboard();
        assertEquals(IN_NAMESPACE.label(), namespaces(dashboard).label(), "the namespace variable lists namespaces");
        for (Panel panel : dashboard.panels()) {
            for (Target target : panel.targets()) {
                for (Selector selector : PromQl.selectors(target.expr())) {
                    assertTrue(selector.matchers().contains(IN_NAMESPACE), panel + " " + target.refId() + ": "
                            + selector.metric() + " is selected in the namespace picked: " + target.expr());
                }
            }
        }
    }

    @Test
    void thePanelsChartWhatOperatorsWatch() {
        List<Target> targets = dashboard().panels().stream().flatMap(panel -> panel.targets().stream()).toList();
        for (Subject subject : SUBJECTS) {
            boolean charted = targets.stream().anyMatch(target -> PromQl.metricNames(target.expr())
                    .contains(subject.series())
                    && (subject.by() == null || PromQl.groupingLabels(target.expr()).contains(subject.by())));
            assertTrue(charted, subject.what() + ": a panel charts " + subject.series()
                    + (subject.by() == null ? "" : " by " + subject.by()));
        }
    }

    @ParameterizedTest
    @FieldSource("io.npuzzle.deploy.k8s.Kustomize#OVERLAYS")
    void everyOverlayShipsTheDashboardForGrafanasSidecar(String overlay) throws Exception {
        // Named without a hash suffix: a changed dashboard replaces the ConfigMap instead of adding one beside it.
        ConfigMap configMap = RenderedOverlay.of(overlay).named(ConfigMap.class, CONFIG_MAP);
        Map<String, String> labels = configMap.getMetadata().getLabels();
        SIDECAR_LABEL.forEach((label, value) -> assertEquals(value, labels.get(label),
                overlay + ": the label " + label + " the sidecar looks for"));
        assertEquals("npuzzle", labels.get("app.kubernetes.io/part-of"));
        Map<String, String> data = configMap.getData();
        assertEquals(1, data.size(), overlay + ": one dashboard, among " + data.keySet());
        String key = data.keySet().iterator().next();
        assertTrue(key.endsWith(".json"), overlay + ": the sidecar writes the dashboard to a .json file: " + key);
        ObjectMapper json = new ObjectMapper();
        assertEquals(json.readTree(Repository.read(FILE)), json.readTree(data.get(key)), overlay + ": " + FILE);
    }

    private static GrafanaDashboard dashboard() {
        return GrafanaDashboard.parse(Repository.read(FILE));
    }

    /** The series and the label whose values the namespace variable offers. */
    private static LabelValues namespaces(GrafanaDashboard dashboard) {
        String query = dashboard.variable("namespace").query();
        Matcher labelValues = LABEL_VALUES.matcher(query);
        assertTrue(labelValues.matches(), "the namespace variable lists a label's values: " + query);
        return new LabelValues(labelValues.group(1).strip(), labelValues.group(2));
    }
}
