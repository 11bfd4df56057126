package io.npuzzle.deploy.app;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * A Micrometer meter as a source builds it: its type (the builder's class, such as {@code Counter}), its name, its
 * base unit where one is set, whether it publishes a histogram, and its tag keys (null where the source does not
 * name them all by string literals).
 */
record Meter(String type, String name, String baseUnit, boolean histogram, Set<String> tags) {

    /**
     * The series it is served as, by Micrometer's Prometheus naming: its name in snake case, then its base unit
     * where it does not end with it already ({@code seconds} for every timer), then the type's suffixes
     * ({@code _total} for a counter; {@code _count}, {@code _sum} and {@code _max} for a timer or a distribution
     * summary, and {@code _bucket} where it publishes a histogram).
     */
    List<String> series() {
        String series = name.replaceAll("[^a-zA-Z0-9_:]", "_");
        String unit = switch (type) {
            case "Timer", "FunctionTimer", "LongTaskTimer", "TimeGauge" -> "seconds";
            default -> baseUnit;
        };
        if (unit != null && !unit.isEmpty() && !series.endsWith("_" + unit)) {
            series = series + "_" + unit;
        }
        List<String> names = switch (type) {
            case "Counter", "FunctionCounter" -> List.of(series.endsWith("_total") ? series : series + "_total");
            case "Timer", "DistributionSummary" -> List.of(series + "_count", series + "_sum", series + "_max");
            case "FunctionTimer" -> List.of(series + "_count", series + "_sum");
            case "LongTaskTimer" -> List.of(series + "_active_count", series + "_duration_sum", series + "_max");
            default -> List.of(series);
        };
        return histogram ? Stream.concat(names.stream(), Stream.of(series + "_bucket")).toList() : names;
    }

    /** The labels one of its series carries: its tags, and on a histogram's buckets their bound {@code le}. */
    Set<String> labels(String series) {
        Set<String> labels = new TreeSet<>(tags);
        if (histogram && series.endsWith("_bucket")) {
            labels.add("le");
        }
        return labels;
    }
}
