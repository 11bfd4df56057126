package io.npuzzle.deploy.app;

import io.npuzzle.deploy.Repository;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The properties an app declares through {@code @ConfigMapping} interfaces, read from their source: the
 * prefix, then one segment per method (kebab-case, or its {@code @WithName}), nested groups, maps as {@code *},
 * and each {@code @WithDefault}.
 */
final class ConfigMappings {

    private static final Pattern MAPPING = Pattern.compile(
            "@ConfigMapping\\s*\\(\\s*prefix\\s*=\\s*\"([^\"]+)\"[^)]*\\)[^{;]*?interface\\s+(\\w+)");
    private static final Pattern INTERFACE = Pattern.compile("interface\\s+(\\w+)[^{;]*\\{");
    private static final Pattern METHOD = Pattern.compile(
            "^((?:@[\\w.]+(?:\\([^)]*\\))?\\s*)*)(?:default\\s+)?([\\w.<>?, \\[\\]]+?)\\s+(\\w+)\\s*\\(\\s*\\)$", Pattern.DOTALL);
    private static final Pattern ANNOTATION = Pattern.compile("@(\\w+)(?:\\(\\s*\"((?:[^\"\\\\]|\\\\.)*)\"\\s*\\))?");
    private static final Pattern COMMENTS = Pattern.compile("/\\*.*?\\*/|//[^\\n]*", Pattern.DOTALL);
    /** A default named by a constant of an imported class: {@code @WithDefault(DefaultBudgets.QUICK_MAX_TIME)}. */
    private static final Pattern CONSTANT_DEFAULT = Pattern.compile("@WithDefault\\(\\s*(\\w+)\\.(\\w+)\\s*\\)");

    private final Map<String, String> interfaces = new HashMap<>();
    private final Map<String, String> properties = new LinkedHashMap<>();

    private ConfigMappings() {
    }

    /** Property name (map keys as {@code *}) to its default, or to null where it has none. */
    static Map<String, String> of(Path sources) {
        ConfigMappings mappings = new ConfigMappings();
        Map<String, String> roots = new LinkedHashMap<>();
        try (Stream<Path> files = Files.exists(sources) ? Files.walk(sources) : Stream.empty()) {
            files.filter(file -> file.toString().endsWith(".java")).forEach(file -> {
                String source = withConstantsResolved(COMMENTS.matcher(Repository.read(file)).replaceAll(" "));
                mappings.indexInterfaces(source);
                Matcher mapping = MAPPING.matcher(source);
                while (mapping.find()) {
                    roots.put(mapping.group(2), mapping.group(1));
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        roots.forEach((type, prefix) -> mappings.addMembers(prefix, type));
        return mappings.properties;
    }

    /**
     * The source with each default named by a constant written out as its value, read from the class its imports
     * name (the app's classes, and core's, are on this module's test classpath).
     */
    private static String withConstantsResolved(String source) {
        return CONSTANT_DEFAULT.matcher(source).replaceAll(constant -> {
            Matcher imported = Pattern.compile("import\\s+([\\w.]+\\." + constant.group(1) + ")\\s*;").matcher(source);
            if (!imported.find()) {
                throw new AssertionError("@WithDefault names " + constant.group() + " of a class not imported");
            }
            try {
                Object value = Class.forName(imported.group(1)).getField(constant.group(2)).get(null);
                return Matcher.quoteReplacement("@WithDefault(\"" + value + "\")");
            } catch (ReflectiveOperationException e) {
                throw new AssertionError("@WithDefault names " + constant.group() + ", which is no constant", e);
            }
        });
    }

    private void indexInterfaces(String source) {
        Matcher declaration = INTERFACE.matcher(source);
        while (declaration.find()) {
            int open = declaration.end() - 1;
            interfaces.put(declaration.group(1), source.substring(open + 1, closingBrace(source, open)));
        }
    }

    /** Walks the interface's own members: nested type bodies are skipped, each method ends at a semicolon. */
    private void addMembers(String prefix, String type) {
        String body = interfaces.get(type);
        if (body == null) {
            throw new AssertionError("config group " + type + " under " + prefix + " is not an interface of the app");
        }
        StringBuilder member = new StringBuilder();
        for (int i = 0; i < body.length(); i++) {
            char c = body.charAt(i);
            if (c == '{') {
                i = closingBrace(body, i);
                member.setLength(0);
            } else if (c == ';') {
                addMethod(prefix, member.toString().trim());
                member.setLength(0);
            } else {
                member.append(c);
            }
        }
    }

    private void addMethod(String prefix, String declaration) {
        Matcher method = METHOD.matcher(declaration);
        if (!method.matches()) {
            return; // a constant or a method with parameters: not a property
        }
        Map<String, String> annotations = new HashMap<>();
        Matcher annotation = ANNOTATION.matcher(method.group(1));
        while (annotation.find()) {
            annotations.put(annotation.group(1), annotation.group(2));
        }
        String segment = annotations.containsKey("WithParentName") ? ""
                : annotations.getOrDefault("WithName", kebab(method.group(3)));
        String name = segment.isEmpty() ? prefix : prefix + "." + segment;
        String valueType = method.group(2).replaceAll("\\s", "");
        valueType = unwrap(valueType, "Optional<");
        if (valueType.startsWith("Map<")) {
            name += ".*";
            valueType = valueType.substring(valueType.indexOf(',') + 1, valueType.length() - 1);
        }
        valueType = unwrap(unwrap(valueType, "List<"), "Optional<");
        if (interfaces.containsKey(valueType)) {
            addMembers(name, valueType);
        } else {
            properties.put(name, annotations.get("WithDefault"));
        }
    }

    private static String unwrap(String type, String wrapper) {
        return type.startsWith(wrapper) ? type.substring(wrapper.length(), type.length() - 1) : type;
    }

    /** SmallRye's default naming: {@code maxTime} -> {@code max-time}. */
    static String kebab(String method) {
        return method.replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(Locale.ROOT);
    }

    private static int closingBrace(String text, int open) {
        int depth = 0;
        for (int i = open; i < text.length(); i++) {
            if (text.charAt(i) == '{') {
                depth++;
            } else if (text.charAt(i) == '}' && --depth == 0) {
                return i;
            }
        }
        throw new AssertionError("unbalanced braces in an app's config mapping");
    }
}
