package io.npuzzle.core;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Core's packages depend on each other one way only, so that each can be read knowing just the ones below it. The
 * graph comes from the {@code import io.npuzzle...} lines of the main sources.
 */
class PackageCyclesTest {

    private static final Path SOURCES = Path.of("src/main/java");
    private static final Pattern IMPORT = Pattern.compile("^import (?:static )?(io\\.npuzzle\\.[a-z.]+)\\.[A-Z]",
            Pattern.MULTILINE);

    @Test
    void packagesFormNoCycle() {
        Map<String, Set<String>> graph = packageGraph();
        assertTrue(graph.size() > 5, "the sources were found: " + graph.keySet());
        assertEquals(List.of(), cycle(graph), "a cycle of packages");
    }

    /** Each package to the packages of core that its sources import. */
    private static Map<String, Set<String>> packageGraph() {
        Map<String, Set<String>> graph = new TreeMap<>();
        try (Stream<Path> files = Files.walk(SOURCES)) {
            for (Path file : files.filter(path -> path.toString().endsWith(".java")).toList()) {
                String from = SOURCES.relativize(file.getParent()).toString()
                        .replace(file.getFileSystem().getSeparator(), ".");
                Set<String> targets = graph.computeIfAbsent(from, key -> new TreeSet<>());
                Matcher imported = IMPORT.matcher(Files.readString(file));
                while (imported.find()) {
                    if (!imported.group(1).equals(from)) {
                        targets.add(imported.group(1));
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return graph;
    }

    /** The packages of one cycle, the first repeated at the end, or an empty list. */
    private static List<String> cycle(Map<String, Set<String>> graph) {
        Set<String> done = new TreeSet<>();
        for (String start : graph.keySet()) {
            List<String> found = cycleFrom(start, graph, new ArrayDeque<>(), done);
            if (!found.isEmpty()) {
                return found;
            }
        }
        return List.of();
    }

    /** Depth first from {@code node} with {@code path} the packages above it. */
    private static List<String> cycleFrom(String node, Map<String, Set<String>> graph, Deque<String> path,
                                          Set<String> done) {
        if (path.contains(node)) {
            List<String> cycle = new ArrayList<>();
            for (var it = path.descendingIterator(); it.hasNext(); ) {
                cycle.add(it.next());
            }
            cycle = new ArrayList<>(cycle.subList(cycle.indexOf(node), cycle.size()));
            cycle.add(node);
            return cycle;
        }
        if (!done.add(node)) {
            return List.of();
        }
        path.push(node);
        for (String next : graph.getOrDefault(node, Set.of())) {
            List<String> found = cycleFrom(next, graph, path, done);
            if (!found.isEmpty()) {
                return found;
            }
        }
        path.pop();
        return List.of();
    }
}
