package io.npuzzle.deploy.k8s;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.fabric8.kubernetes.api.model.ObjectMeta;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The prometheus-operator's PrometheusRule ({@code monitoring.coreos.com/v1}), field for field as the operator
 * documents it: rule groups of alerting and recording rules, in the form of a Prometheus rule file. No Java model
 * of it comes with the libraries here, so this one stands in, with what the operator's schema and Prometheus
 * require enforced. Read with {@link StrictMapper}, an unknown field is an error.
 */
public record PrometheusRule(String apiVersion, String kind, ObjectMeta metadata, Spec spec) {

    /** The operator's {@code Duration}: Prometheus' form, such as {@code 30s}, {@code 1m} or {@code 1h30m}. */
    private static final Pattern DURATION =
            Pattern.compile("0|(\\d+y)?(\\d+w)?(\\d+d)?(\\d+h)?(\\d+m)?(\\d+s)?(\\d+ms)?");
    private static final Pattern METRIC_NAME = Pattern.compile("[a-zA-Z_:][a-zA-Z0-9_:]*");
    private static final Pattern LABEL_NAME = Pattern.compile("[a-zA-Z_][a-zA-Z0-9_]*");
    private static final Pattern PARTIAL_RESPONSE_STRATEGY = Pattern.compile("(?i)(abort|warn)?");

    public PrometheusRule {
        Objects.requireNonNull(metadata, "metadata is required");
        Objects.requireNonNull(spec, "spec is required");
    }

    public record Spec(List<RuleGroup> groups) {

        public Spec {
            if (groups == null || groups.isEmpty()) {
                throw new IllegalArgumentException("spec.groups needs at least one group");
            }
            Set<String> names = new HashSet<>();
            for (RuleGroup group : groups) {
                if (!names.add(group.name())) {
                    throw new IllegalArgumentException("two rule groups named " + group.name());
                }
            }
        }

        /** Every rule of every group. */
        public List<Rule> rules() {
            return groups.stream().flatMap(group -> group.rules() == null ? Stream.<Rule>empty() : group.rules().stream()).toList();
        }

        /** The alerting rules, leaving out recording rules. */
        public List<Rule> alerts() {
            return rules().stream().filter(Rule::alerting).toList();
        }
    }

    /**
     * Rules evaluated in order, every {@code interval} (the Prometheus' own evaluation interval when left out).
     * {@code labels} needs Prometheus 3.0, {@code query_offset} 2.53, {@code limit} 2.31; Thanos Ruler alone reads
     * {@code partial_response_strategy}.
     */
    public record RuleGroup(String name, Map<String, String> labels, String interval,
                            @JsonProperty("query_offset") String queryOffset, List<Rule> rules,
                            @JsonProperty("partial_response_strategy") String partialResponseStrategy,
                            Integer limit) {

        public RuleGroup {
            if (name == null || name.isEmpty()) {
                throw new IllegalArgumentException("a rule group's name is required");
            }
            duration("group " + name + ": interval", interval);
            duration("group " + name + ": query_offset", queryOffset);
            labelNames("group " + name + ": labels", labels);
            if (partialResponseStrategy != null
                    && !PARTIAL_RESPONSE_STRATEGY.matcher(partialResponseStrategy).matches()) {
                throw new IllegalArgumentException("group " + name + ": partial_response_strategy is abort or warn, not "
                        + partialResponseStrategy);
            }
            if (limit != null && limit < 0) {
                throw new IllegalArgumentException("group " + name + ": limit must not be negative: " + limit);
            }
        }
    }

    /**
     * An alerting rule ({@code alert}) or a recording rule ({@code record}), exactly one of them. {@code for},
     * {@code keep_firing_for} and {@code annotations} belong to alerting rules only: Prometheus refuses them on a
     * recording rule.
     */
    public record Rule(String record, String alert, String expr, @JsonProperty("for") String holdFor,
                       @JsonProperty("keep_firing_for") String keepFiringFor, Map<String, String> labels,
                       Map<String, String> annotations) {

        public Rule {
            if ((record == null) == (alert == null)) {
                throw new IllegalArgumentException("a rule is either an alert or a record, one of them: alert "
                        + alert + ", record " + record);
            }
            String rule = alert != null ? "alert " + alert : "record " + record;
            if (alert != null && alert.isBlank()) {
                throw new IllegalArgumentException("an alert's name must not be empty");
            }
            if (record != null && !METRIC_NAME.matcher(record).matches()) {
                throw new IllegalArgumentException(rule + ": a record is named as a metric");
            }
            if (expr == null || expr.isBlank()) {
                throw new IllegalArgumentException(rule + ": expr is required");
            }
            duration(rule + ": for", holdFor);
            if (keepFiringFor != null && keepFiringFor.isEmpty()) {
                throw new IllegalArgumentException(rule + ": keep_firing_for must not be empty");
            }
            duration(rule + ": keep_firing_for", keepFiringFor);
            if (record != null && (holdFor != null || keepFiringFor != null || annotations != null)) {
                throw new IllegalArgumentException(rule + ": for, keep_firing_for and annotations are for alerts");
            }
            labelNames(rule + ": labels", labels);
            labelNames(rule + ": annotations", annotations);
        }

        public boolean alerting() {
            return alert != null;
        }

        public String label(String name) {
            return labels != null ? labels.get(name) : null;
        }

        public String annotation(String name) {
            return annotations != null ? annotations.get(name) : null;
        }

        @Override
        public String toString() {
            return alerting() ? "alert " + alert : "record " + record;
        }
    }

    private static void duration(String field, String value) {
        if (value != null && !DURATION.matcher(value).matches()) {
            throw new IllegalArgumentException(field + " is not a Prometheus duration (such as 30s, 5m, 1h30m): "
                    + value);
        }
    }

    private static void labelNames(String field, Map<String, String> labels) {
        if (labels != null) {
            for (String name : labels.keySet()) {
                if (!LABEL_NAME.matcher(name).matches()) {
                    throw new IllegalArgumentException(field + ": not a label name: " + name);
                }
            }
        }
    }
}
