package io.npuzzle.deploy.app;

import io.npuzzle.deploy.Repository;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The Micrometer meters the apps register themselves, read from their main sources (and from the runtime library
 * both depend on), by the names of the series they are served as at {@code /q/metrics} and their labels. Only
 * meters named by a string literal where they are built count; the meters of Quarkus and its extensions (JVM,
 * HTTP, the Kafka clients) are not among them.
 */
public final class AppMeters {

    /** The library every app depends on; its meters are served by each. */
    private static final String SHARED_LIBRARY = "runtime";

    /** String literals (kept) and comments (dropped), in the order they start. */
    private static final Pattern LITERALS_AND_COMMENTS = Pattern.compile(
            "(\"\"\"[\\s\\S]*?\"\"\"|\"(?:[^\"\\\\\\n]|\\\\.)*\"|'(?:[^'\\\\\\n]|\\\\.)*')|/\\*[\\s\\S]*?\\*/|//[^\\n]*");
    private static final Pattern BUILDER = Pattern.compile(
            "\\b(Gauge|TimeGauge|Counter|FunctionCounter|Timer|FunctionTimer|LongTaskTimer|DistributionSummary)"
                    + "\\s*\\.\\s*builder\\s*\\(\\s*\"([^\"]+)\"");
    private static final Pattern SHORTCUT = Pattern.compile(
            "\\b(?:\\w*[rR]egistry|Metrics)\\s*\\.\\s*(counter|gauge|gaugeCollectionSize|gaugeMapSize|timer|summary)"
                    + "\\s*\\(\\s*\"([^\"]+)\"");
    private static final Pattern REGISTER = Pattern.compile("\\.\\s*register\\s*\\(");
    private static final Pattern BASE_UNIT = Pattern.compile(
            "\\.\\s*baseUnit\\s*\\(\\s*(?:\"([^\"]*)\"|BaseUnits\\s*\\.\\s*(\\w+))\\s*\\)");
    /** What makes a timer or a distribution summary publish buckets: without it, only its count, sum and max. */
    private static final Pattern HISTOGRAM = Pattern.compile(
            "\\.\\s*(?:serviceLevelObjectives\\s*\\(|publishPercentileHistogram\\s*\\(\\s*(?:true\\s*)?\\))");
    private static final Pattern TAG = Pattern.compile("\\.\\s*(tag|tags)\\s*\\(");

    private AppMeters() {
    }

    /** The series names of every meter the apps (api, worker) and their shared library register. */
    public static Set<String> seriesNames() {
        return names(meters());
    }

    /**
     * The labels of the series the apps serve, from the tags their meters are built with (and {@code le} on a
     * histogram's buckets). A series is left out where one of its meters has tag keys not named by string
     * literals: its labels are not known here.
     */
    public static Map<String, Set<String>> seriesLabels() {
        return labels(meters());
    }

    /** The series names of the meters built in one Java source. */
    public static Set<String> inSource(String javaSource) {
        return names(metersIn(javaSource));
    }

    /** The labels of the series of the meters built in one Java source, as {@link #seriesLabels()} tells them. */
    public static Map<String, Set<String>> labelsInSource(String javaSource) {
        return labels(metersIn(javaSource));
    }

    private static List<Meter> meters() {
        List<Meter> meters = new ArrayList<>();
        Stream.concat(Repository.APPS.stream(), Stream.of(SHARED_LIBRARY))
                .forEach(module -> meters.addAll(metersUnder(Repository.path(module + "/src/main/java"))));
        return meters;
    }

    private static List<Meter> metersUnder(Path sources) {
        try (Stream<Path> files = Files.exists(sources) ? Files.walk(sources) : Stream.empty()) {
            return files.filter(file -> file.toString().endsWith(".java"))
                    .flatMap(file -> metersIn(Repository.read(file)).stream()).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Set<String> names(List<Meter> meters) {
        Set<String> names = new TreeSet<>();
        meters.forEach(meter -> names.addAll(meter.series()));
        return names;
    }

    private static Map<String, Set<String>> labels(List<Meter> meters) {
        Map<String, Set<String>> labels = new TreeMap<>();
        Set<String> untold = new HashSet<>();
        for (Meter meter : meters) {
            for (String series : meter.series()) {
                if (meter.tags() == null) {
                    untold.add(series);
                } else {
                    labels.computeIfAbsent(series, name -> new TreeSet<>()).addAll(meter.labels(series));
                }
            }
        }
        labels.keySet().removeAll(untold);
        return labels;
    }

    private static List<Meter> metersIn(String javaSource) {
        String source = withoutComments(javaSource);
        List<Meter> meters = new ArrayList<>();
        Matcher builder = BUILDER.matcher(source);
        while (builder.find()) {
            Matcher register = REGISTER.matcher(source);
            int end = register.find(builder.end()) ? register.start() : source.length();
            Matcher unit = BASE_UNIT.matcher(source).region(builder.end(), end);
            String baseUnit = null;
            if (unit.find()) {
                baseUnit = unit.group(1) != null ? unit.group(1) : unit.group(2).toLowerCase(Locale.ROOT);
            }
            boolean histogram = HISTOGRAM.matcher(source).region(builder.end(), end).find();
            meters.add(new Meter(builder.group(1), builder.group(2), baseUnit, histogram,
                    builtTags(source, builder.end(), end)));
        }
        Matcher shortcut = SHORTCUT.matcher(source);
        while (shortcut.find()) {
            String type = switch (shortcut.group(1)) {
                case "counter" -> "Counter";
                case "timer" -> "Timer";
                case "summary" -> "DistributionSummary";
                default -> "Gauge";
            };
            List<String> arguments = JavaArguments.of(source, source.indexOf('(', shortcut.end(1))).values();
            meters.add(new Meter(type, shortcut.group(2), null, false, shortcutTags(shortcut.group(1), arguments)));
        }
        return meters;
    }

    /** The tag keys that a builder's {@code tag} and {@code tags} calls between {@code from} and {@code to} add. */
    private static Set<String> builtTags(String source, int from, int to) {
        Set<String> keys = new TreeSet<>();
        Matcher tag = TAG.matcher(source).region(from, to);
        while (tag.find()) {
            JavaArguments arguments = JavaArguments.of(source, tag.end() - 1);
            List<String> values = arguments.values();
            Set<String> added = keys(tag.group(1).equals("tag") ? values.subList(0, 1) : values);
            if (added == null) {
                return null;
            }
            keys.addAll(added);
            // On past the call, so that a call among its arguments (route.tag()) is not taken for another.
            tag.region(arguments.end(), to);
        }
        return keys;
    }

    /**
     * The tag keys of a registry's shortcut: key-value strings after the name, except for a gauge, whose tags (an
     * {@code Iterable<Tag>}) come between its name and the object it watches.
     */
    private static Set<String> shortcutTags(String method, List<String> arguments) {
        if (method.startsWith("gauge")) {
            return method.equals("gauge") && arguments.size() == 2 ? Set.of() : null;
        }
        return keys(arguments.subList(1, arguments.size()));
    }

    /** The keys of alternating keys and values, each a string literal; null for anything else (a {@code Tags}). */
    private static Set<String> keys(List<String> keyValues) {
        Set<String> keys = new TreeSet<>();
        for (int i = 0; i < keyValues.size(); i += 2) {
            String key = JavaArguments.stringLiteral(keyValues.get(i));
            if (key == null) {
                return null;
            }
            keys.add(key);
        }
        return keys;
    }

    private static String withoutComments(String source) {
        Matcher matcher = LITERALS_AND_COMMENTS.matcher(source);
        StringBuilder kept = new StringBuilder();
        while (matcher.find()) {
            matcher.appendReplacement(kept, Matcher.quoteReplacement(matcher.group(1) != null ? matcher.group(1) : " "));
        }
        matcher.appendTail(kept);
        return kept.toString();
    }
}
