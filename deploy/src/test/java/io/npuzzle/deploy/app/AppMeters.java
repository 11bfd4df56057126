package io.npuzzle.deploy.app;

import io.npuzzle.deploy.Repository;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The Micrometer meters the apps register themselves, read from their main sources (and from the runtime library
 * both depend on), by the names of the series they are served as at {@code /q/metrics}. Only meters named by a
 * string literal where they are built count; the meters of Quarkus and its extensions (JVM, HTTP, the Kafka
 * clients) are not among them.
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

    private AppMeters() {
    }

    /** The series names of every meter the apps (api, worker) and their shared library register. */
    public static Set<String> seriesNames() {
        Set<String> names = new TreeSet<>();
        Stream.concat(Repository.APPS.stream(), Stream.of(SHARED_LIBRARY))
                .forEach(module -> names.addAll(seriesNames(Repository.path(module + "/src/main/java"))));
        return names;
    }

    /** The series names of the meters built in the Java sources under {@code sources}. */
    public static Set<String> seriesNames(Path sources) {
        Set<String> names = new TreeSet<>();
        try (Stream<Path> files = Files.exists(sources) ? Files.walk(sources) : Stream.empty()) {
            files.filter(file -> file.toString().endsWith(".java"))
                    .forEach(file -> names.addAll(inSource(Repository.read(file))));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return names;
    }

    /** The series names of the meters built in one Java source. */
    public static Set<String> inSource(String javaSource) {
        String source = withoutComments(javaSource);
        Set<String> names = new TreeSet<>();
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
            names.addAll(series(builder.group(1), builder.group(2), baseUnit, histogram));
        }
        Matcher shortcut = SHORTCUT.matcher(source);
        while (shortcut.find()) {
            String type = switch (shortcut.group(1)) {
                case "counter" -> "Counter";
                case "timer" -> "Timer";
                case "summary" -> "DistributionSummary";
                default -> "Gauge";
            };
            names.addAll(series(type, shortcut.group(2), null, false));
        }
        return names;
    }

    /**
     * The series a meter is served as, by Micrometer's Prometheus naming: its name in snake case, then its base
     * unit where it does not end with it already ({@code seconds} for every timer), then the type's suffixes
     * ({@code _total} for a counter; {@code _count}, {@code _sum} and {@code _max} for a timer or a distribution
     * summary, and {@code _bucket} where it publishes a histogram).
     */
    private static List<String> series(String type, String meterName, String baseUnit, boolean histogram) {
        String name = meterName.replaceAll("[^a-zA-Z0-9_:]", "_");
        String unit = switch (type) {
            case "Timer", "FunctionTimer", "LongTaskTimer", "TimeGauge" -> "seconds";
            default -> baseUnit;
        };
        if (unit != null && !unit.isEmpty() && !name.endsWith("_" + unit)) {
            name = name + "_" + unit;
        }
        List<String> series = switch (type) {
            case "Counter", "FunctionCounter" -> List.of(name.endsWith("_total") ? name : name + "_total");
            case "Timer", "DistributionSummary" -> List.of(name + "_count", name + "_sum", name + "_max");
            case "FunctionTimer" -> List.of(name + "_count", name + "_sum");
            case "LongTaskTimer" -> List.of(name + "_active_count", name + "_duration_sum", name + "_max");
            default -> List.of(name);
        };
        return histogram ? Stream.concat(series.stream(), Stream.of(name + "_bucket")).toList() : series;
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
