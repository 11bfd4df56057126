package io.npuzzle.deploy.k8s;

import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What the checks need to know of a PromQL expression: the metrics it selects. */
public final class PromQl {

    private static final Pattern STRINGS = Pattern.compile("\"(?:[^\"\\\\]|\\\\.)*\"|'(?:[^'\\\\]|\\\\.)*'|`[^`]*`");
    private static final Pattern MATCHERS = Pattern.compile("\\{[^}]*}");
    private static final Pattern RANGES = Pattern.compile("\\[[^]]*]");
    private static final Pattern LABEL_LISTS = Pattern.compile(
            "\\b(?:by|without|on|ignoring|group_left|group_right)\\s*\\([^)]*\\)");
    /** A number or a duration (taken whole, so that {@code 5m} is no name), or a name. */
    private static final Pattern TOKENS = Pattern.compile(
            "(\\d[\\w.]*(?:[eE][+-]?\\d+)?)|([a-zA-Z_:][a-zA-Z0-9_:]*)(\\s*\\()?");
    private static final Set<String> KEYWORDS = Set.of("and", "or", "unless", "bool", "offset", "by", "without",
            "on", "ignoring", "group_left", "group_right", "atan2", "inf", "nan", "Inf", "NaN");

    private PromQl() {
    }

    /**
     * The metric names the expression selects: every name that is not a function, an aggregation, a keyword, a
     * label in a matcher or in a grouping, or part of a string, a number or a duration.
     */
    public static Set<String> metricNames(String expr) {
        if (expr.contains("__name__")) {
            throw new IllegalArgumentException("select a metric by its name, not by __name__: " + expr);
        }
        String text = STRINGS.matcher(expr).replaceAll(" ");
        text = MATCHERS.matcher(text).replaceAll(" ");
        text = RANGES.matcher(text).replaceAll(" ");
        text = LABEL_LISTS.matcher(text).replaceAll(" ");
        Set<String> names = new TreeSet<>();
        Matcher token = TOKENS.matcher(text);
        while (token.find()) {
            String name = token.group(2);
            boolean called = token.group(3) != null;
            if (name != null && !called && !KEYWORDS.contains(name)) {
                names.add(name);
            }
        }
        return names;
    }
}
