package io.npuzzle.deploy.k8s;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What the checks need to know of a PromQL expression: the series it selects, and the labels it uses. */
public final class PromQl {

    private static final String STRING = "\"(?:[^\"\\\\]|\\\\.)*\"|'(?:[^'\\\\]|\\\\.)*'|`[^`]*`";
    /**
     * The parts of an expression, in the order they come: a string, the label matchers in braces, a range, the
     * label list of a grouping or a vector match, a number or a duration (taken whole, so that {@code 5m} is no
     * name), or a name and whether it is called.
     */
    private static final Pattern PARTS = Pattern.compile("(?<string>" + STRING + ")"
            + "|(?<matchers>\\{(?:[^}\"'`]|" + STRING + ")*})"
            + "|(?<range>\\[[^]]*])"
            + "|\\b(?:by|without|on|ignoring|group_left|group_right)\\s*\\((?<grouping>[^)]*)\\)"
            + "|(?<number>\\d[\\w.]*(?:[eE][+-]?\\d+)?)"
            + "|(?<name>[a-zA-Z_:][a-zA-Z0-9_:]*)(?<call>\\s*\\()?");
    private static final Pattern MATCHER = Pattern.compile(
            "\\s*([a-zA-Z_][a-zA-Z0-9_]*)\\s*(=~|!~|!=|=)\\s*(" + STRING + ")\\s*(?:,|$)");
    private static final Set<String> KEYWORDS = Set.of("and", "or", "unless", "bool", "offset", "by", "without",
            "on", "ignoring", "group_left", "group_right", "atan2", "inf", "nan", "Inf", "NaN");

    private PromQl() {
    }

    /** A metric an expression selects, with the label matchers in the braces after it (none without braces). */
    public record Selector(String metric, List<LabelMatcher> matchers) {

        public boolean matches(String label, String operator, String value) {
            return matchers.contains(new LabelMatcher(label, operator, value));
        }
    }

    /** One label matcher, such as {@code route="abandoned"}; the value as written between its quotes. */
    public record LabelMatcher(String label, String operator, String value) {
    }

    /**
     * The metric names the expression selects: every name that is not a function, an aggregation, a keyword, a
     * label in a matcher or in a grouping, or part of a string, a number or a duration.
     */
    public static Set<String> metricNames(String expr) {
        Set<String> names = new TreeSet<>();
        selectors(expr).forEach(selector -> names.add(selector.metric()));
        return names;
    }

    /** Every metric the expression selects, in order, each time it does. */
    public static List<Selector> selectors(String expr) {
        if (expr.contains("__name__")) {
            throw new IllegalArgumentException("select a metric by its name, not by __name__: " + expr);
        }
        List<Selector> selectors = new ArrayList<>();
        Matcher part = PARTS.matcher(expr);
        String metric = null;
        int metricEnd = 0;
        while (part.find()) {
            boolean afterMetric = metric != null && expr.substring(metricEnd, part.start()).isBlank();
            String matchers = part.group("matchers");
            if (matchers != null) {
                if (!afterMetric) {
                    throw new IllegalArgumentException("label matchers without a metric name: " + expr);
                }
                selectors.set(selectors.size() - 1, new Selector(metric, matchers(matchers, expr)));
            }
            if (part.group("grouping") != null && afterMetric) {
                // An aggregation with its grouping first, as in sum by (lane) (...): no metric.
                selectors.remove(selectors.size() - 1);
            }
            metric = null;
            String name = part.group("name");
            if (name != null && part.group("call") == null && !KEYWORDS.contains(name)) {
                selectors.add(new Selector(name, List.of()));
                metric = name;
                metricEnd = part.end();
            }
        }
        return selectors;
    }

    /** The labels of the expression's groupings ({@code by}, {@code without}) and vector matches ({@code on}...). */
    public static Set<String> groupingLabels(String expr) {
        Set<String> labels = new LinkedHashSet<>();
        Matcher part = PARTS.matcher(expr);
        while (part.find()) {
            String grouping = part.group("grouping");
            if (grouping != null) {
                for (String label : grouping.split(",")) {
                    if (!label.isBlank()) {
                        labels.add(label.strip());
                    }
                }
            }
        }
        return labels;
    }

    private static List<LabelMatcher> matchers(String braces, String expr) {
        String inside = braces.substring(1, braces.length() - 1);
        List<LabelMatcher> matchers = new ArrayList<>();
        Matcher matcher = MATCHER.matcher(inside);
        int at = 0;
        while (at < inside.length() && !inside.substring(at).isBlank()) {
            if (!matcher.find(at) || matcher.start() != at) {
                throw new IllegalArgumentException("label matchers not read: " + braces + " in " + expr);
            }
            String quoted = matcher.group(3);
            matchers.add(new LabelMatcher(matcher.group(1), matcher.group(2), quoted.substring(1, quoted.length() - 1)));
            at = matcher.end();
        }
        return matchers;
    }
}
