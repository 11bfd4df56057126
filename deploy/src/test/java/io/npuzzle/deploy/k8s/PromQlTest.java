package io.npuzzle.deploy.k8s;

import io.npuzzle.deploy.k8s.PromQl.LabelMatcher;
import io.npuzzle.deploy.k8s.PromQl.Selector;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Reading what the checks need from PromQL expressions. */
class PromQlTest {

    private static final String JOINED = "sum by (job, route) (rate(a_total{x=~\"y|z\"}[5m] offset 1h))"
            + " / on (job) group_left (route) sum without (pod) (b_seconds_count) > bool 1e3";

    @Test
    void metricNamesAreReadFromAnExpression() {
        assertEquals(Set.of("npuzzle_outcomes_backlog_stalled_seconds"),
                PromQl.metricNames("max(npuzzle_outcomes_backlog_stalled_seconds) > 60"));
        assertEquals(Set.of("npuzzle_jobs_redriven_total"),
                PromQl.metricNames("increase(npuzzle_jobs_redriven_total{route=\"abandoned\"}[15m]) > 0"));
        assertEquals(Set.of("a_total", "b_seconds_count"), PromQl.metricNames(JOINED));
    }

    @Test
    void eachSelectorKeepsItsOwnMatchers() {
        assertEquals(List.of(
                        new Selector("a_total", List.of(new LabelMatcher("namespace", "=~", "$namespace"),
                                new LabelMatcher("result", "=", "hit"))),
                        new Selector("a_total", List.of(new LabelMatcher("x", "!~", "a,}b"))),
                        new Selector("b_bucket", List.of())),
                PromQl.selectors("sum(rate(a_total{namespace=~\"$namespace\", result=\"hit\",}[$__rate_interval]))"
                        + " / sum(rate(a_total { x !~ 'a,}b' }[5m])) + histogram_quantile(0.5, b_bucket)"));
    }

    @Test
    void groupingLabelsAreReadFromAggregationsAndVectorMatches() {
        assertEquals(Set.of("job", "route", "pod"), PromQl.groupingLabels(JOINED));
        assertEquals(Set.of(), PromQl.groupingLabels("sum(rate(a_total{by=\"x\"}[5m]))"));
    }

    @Test
    void matchersItCannotReadAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> PromQl.selectors("sum({job=\"api\"})"));
        assertThrows(IllegalArgumentException.class, () -> PromQl.selectors("a_total{job=api}"));
        assertThrows(IllegalArgumentException.class, () -> PromQl.selectors("{__name__=\"a_total\"}"));
    }
}
