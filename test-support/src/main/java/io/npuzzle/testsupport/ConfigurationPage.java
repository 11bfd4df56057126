package io.npuzzle.testsupport;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The settings a module's classes read, found by reflection, and the page that documents them
 * ({@code docs/configuration.md}), so that a test can tell when the two drift apart.
 *
 * <p>A {@code @ConfigMapping} interface gives one setting per method, its groups and maps followed; a
 * {@code @ConfigProperty} on a field or a parameter gives one more. Annotations are matched by name, so this class
 * needs neither SmallRye Config nor MicroProfile Config to compile.
 */
public final class ConfigurationPage {

    /** How the page writes a map's key in a setting's name: {@code <name>} or {@code "<shape>"}. */
    private static final String MAP_KEY = "\"?<[a-z-]+>\"?";

    private static final String CONFIG_MAPPING = "io.smallrye.config.ConfigMapping";
    private static final String WITH_DEFAULT = "io.smallrye.config.WithDefault";
    private static final String WITH_NAME = "io.smallrye.config.WithName";
    private static final String WITH_PARENT_NAME = "io.smallrye.config.WithParentName";
    private static final String CONFIG_PROPERTY = "org.eclipse.microprofile.config.inject.ConfigProperty";
    private static final String NO_DEFAULT = "org.eclipse.microprofile.config.configproperty.unconfigureddvalue";

    /**
     * One setting: its key as the page writes it (a map's key as {@code <...>}), its default where the code has
     * one, and where the code declares it.
     */
    public record Setting(String key, Optional<String> defaultValue, String declaredBy) {

        /** The key as a pattern, each map key standing for any {@code <...>} placeholder. */
        Pattern keyPattern() {
            StringBuilder pattern = new StringBuilder("`");
            String[] parts = key.split("\\.", -1);
            for (int i = 0; i < parts.length; i++) {
                if (i > 0) {
                    pattern.append("\\.");
                }
                pattern.append(parts[i].equals("<key>") ? MAP_KEY : Pattern.quote(parts[i]));
            }
            return Pattern.compile(pattern.append('`').toString());
        }

        @Override
        public String toString() {
            return key + defaultValue.map(value -> " (default " + value + ")").orElse("") + " from " + declaredBy;
        }
    }

    private final List<String> lines;

    private ConfigurationPage(List<String> lines) {
        this.lines = lines;
    }

    /** The page at {@code path}, relative to the module's folder when tests run there. */
    public static ConfigurationPage read(Path path) {
        try {
            return new ConfigurationPage(Files.readAllLines(path));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The table rows of the page that name {@code setting} in their first cell. */
    public List<String> rowsOf(Setting setting) {
        Pattern key = setting.keyPattern();
        List<String> rows = new ArrayList<>();
        for (String line : lines) {
            if (line.startsWith("|")) {
                String[] cells = line.split("\\|", -1);
                if (cells.length > 2 && key.matcher(cells[1]).find()) {
                    rows.add(line);
                }
            }
        }
        return rows;
    }

    /**
     * What the page misses about {@code setting}, or nothing: a row naming the key, whose second cell holds the
     * default where the code has one.
     */
    public Optional<String> problem(Setting setting) {
        List<String> rows = rowsOf(setting);
        if (rows.isEmpty()) {
            return Optional.of("no row for " + setting);
        }
        if (setting.defaultValue().isEmpty()) {
            return Optional.empty();
        }
        String expected = "`" + setting.defaultValue().get() + "`";
        for (String row : rows) {
            String[] cells = row.split("\\|", -1);
            if (cells.length > 3 && cells[2].contains(expected)) {
                return Optional.empty();
            }
        }
        return Optional.of("no row for " + setting + " with " + expected + " as its default: " + rows);
    }

    /** What the page misses about the settings of the module whose tests run: none when all are there. */
    public List<String> problemsOfThisModule() {
        return settingsOf(Path.of("target/classes")).stream().map(this::problem).flatMap(Optional::stream).toList();
    }

    /** The {@code npuzzle.*} keys the module's application.properties sets that have no row on the page. */
    public List<String> undocumentedPropertiesOfThisModule() {
        try {
            return Files.readAllLines(Path.of("src/main/resources/application.properties")).stream()
                    .map(String::strip)
                    .filter(line -> line.startsWith("npuzzle."))
                    .map(line -> line.substring(0, line.indexOf('=')).strip())
                    .filter(key -> rowsOf(new Setting(key, Optional.empty(), "application.properties")).isEmpty())
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The rows naming a messaging channel's setting ({@code mp.messaging.incoming.<channel>...}) whose channel none
     * of the given application.properties files configures: a row left behind by a channel that is gone.
     */
    public List<String> rowsOfChannelsNoneConfigures(List<Path> applicationProperties) {
        Pattern channel = Pattern.compile("`(mp\\.messaging\\.(?:incoming|outgoing)\\.[a-z0-9-]+\\.)");
        List<String> configured = new ArrayList<>();
        for (Path properties : applicationProperties) {
            try {
                configured.addAll(Files.readAllLines(properties));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        List<String> stale = new ArrayList<>();
        for (String line : lines) {
            String[] cells = line.split("\\|", -1);
            Matcher named = cells.length > 2 && line.startsWith("|") ? channel.matcher(cells[1]) : null;
            if (named != null && named.find()) {
                String prefix = named.group(1);
                if (configured.stream().noneMatch(property -> property.strip().startsWith(prefix))) {
                    stale.add(line);
                }
            }
        }
        return stale;
    }

    /** Every setting the classes under {@code classes} (a module's compiled main classes) declare. */
    public static List<Setting> settingsOf(Path classes) {
        List<Setting> settings = new ArrayList<>();
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        for (String name : classNames(classes)) {
            Class<?> type;
            try {
                type = Class.forName(name, false, loader);
            } catch (ClassNotFoundException | LinkageError e) {
                throw new IllegalStateException("cannot load " + name, e);
            }
            annotation(type, CONFIG_MAPPING).ifPresent(mapping ->
                    group(type, value(mapping, "prefix"), type.getSimpleName(), settings));
            for (Field field : type.getDeclaredFields()) {
                property(field, type.getSimpleName() + "." + field.getName(), settings);
            }
            List<Executable> executables = new ArrayList<>(List.of(type.getDeclaredConstructors()));
            executables.addAll(List.of(type.getDeclaredMethods()));
            for (Executable executable : executables) {
                for (Parameter parameter : executable.getParameters()) {
                    property(parameter, type.getSimpleName(), settings);
                }
            }
        }
        return settings;
    }

    private static void group(Class<?> type, String prefix, String declaredBy, List<Setting> settings) {
        for (Method method : type.getMethods()) {
            if (Modifier.isStatic(method.getModifiers()) || method.isDefault() || method.getParameterCount() > 0
                    || method.getDeclaringClass() == Object.class) {
                continue;
            }
            String where = declaredBy + "." + method.getName();
            String key = annotation(method, WITH_PARENT_NAME).isPresent() ? prefix
                    : prefix + "." + annotation(method, WITH_NAME).map(a -> value(a, "value"))
                            .orElse(kebab(method.getName()));
            Type returned = method.getGenericReturnType();
            Class<?> raw = raw(returned);
            if (raw == Optional.class) {
                returned = argument(returned, 0);
                raw = raw(returned);
            }
            if (Map.class.isAssignableFrom(raw)) {
                Type valueType = argument(returned, 1);
                if (isGroup(raw(valueType))) {
                    group(raw(valueType), key + ".<key>", where, settings);
                } else {
                    settings.add(new Setting(key + ".<key>", Optional.empty(), where));
                }
            } else if (isGroup(raw)) {
                group(raw, key, where, settings);
            } else {
                settings.add(new Setting(key,
                        annotation(method, WITH_DEFAULT).map(a -> value(a, "value")), where));
            }
        }
    }

    private static void property(AnnotatedElement element, String declaredBy, List<Setting> settings) {
        annotation(element, CONFIG_PROPERTY).ifPresent(property -> {
            String name = value(property, "name");
            if (!name.isEmpty()) {
                String defaultValue = value(property, "defaultValue");
                settings.add(new Setting(name,
                        NO_DEFAULT.equals(defaultValue) ? Optional.empty() : Optional.of(defaultValue), declaredBy));
            }
        });
    }

    /** An interface of the application's own: a group of settings, not a value. */
    private static boolean isGroup(Class<?> type) {
        return type.isInterface() && !type.getName().startsWith("java.");
    }

    private static Class<?> raw(Type type) {
        if (type instanceof Class<?> c) {
            return c;
        }
        if (type instanceof ParameterizedType p) {
            return (Class<?>) p.getRawType();
        }
        return Object.class;
    }

    private static Type argument(Type type, int index) {
        return type instanceof ParameterizedType p ? p.getActualTypeArguments()[index] : Object.class;
    }

    private static String kebab(String name) {
        return name.replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(Locale.ROOT);
    }

    private static Optional<Annotation> annotation(AnnotatedElement element, String type) {
        for (Annotation annotation : element.getDeclaredAnnotations()) {
            if (annotation.annotationType().getName().equals(type)) {
                return Optional.of(annotation);
            }
        }
        return Optional.empty();
    }

    private static String value(Annotation annotation, String attribute) {
        try {
            return String.valueOf(annotation.annotationType().getMethod(attribute).invoke(annotation));
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(annotation + " has no " + attribute, e);
        }
    }

    private static List<String> classNames(Path classes) {
        try (Stream<Path> files = Files.walk(classes)) {
            return files.filter(file -> file.toString().endsWith(".class"))
                    .map(file -> classes.relativize(file).toString())
                    .filter(file -> !file.endsWith("package-info.class") && !file.endsWith("module-info.class"))
                    .map(file -> file.substring(0, file.length() - ".class".length()).replace(File.separatorChar, '.'))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
