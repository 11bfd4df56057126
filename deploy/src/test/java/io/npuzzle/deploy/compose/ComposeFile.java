package io.npuzzle.deploy.compose;

import io.npuzzle.deploy.Repository;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** docker-compose.yml at the repository root, read with SnakeYAML. */
public final class ComposeFile {

    private final Map<String, Service> services = new LinkedHashMap<>();

    private ComposeFile(Map<String, Object> document) {
        map(document.get("services")).forEach((name, definition) -> services.put(name, new Service(name, map(definition))));
    }

    public static ComposeFile read() {
        LoaderOptions options = new LoaderOptions();
        options.setAllowDuplicateKeys(false);
        return new ComposeFile(new Yaml(new SafeConstructor(options)).load(Repository.read("docker-compose.yml")));
    }

    public Map<String, Service> services() {
        return services;
    }

    public Service service(String name) {
        Service service = services.get(name);
        if (service == null) {
            throw new AssertionError("docker-compose.yml has no service " + name + "; it has " + services.keySet());
        }
        return service;
    }

    /** One service; the accessors accept both forms Compose allows where it allows two. */
    public record Service(String name, Map<String, Object> definition) {

        public Optional<String> string(String key) {
            return Optional.ofNullable(definition.get(key)).map(String::valueOf);
        }

        public Map<String, Object> section(String key) {
            return map(definition.getOrDefault(key, Map.of()));
        }

        /** {@code environment} as a map, or as a list of NAME=value. */
        public Map<String, String> environment() {
            Object environment = definition.get("environment");
            Map<String, String> env = new LinkedHashMap<>();
            if (environment instanceof List<?> entries) {
                for (Object entry : entries) {
                    String[] pair = String.valueOf(entry).split("=", 2);
                    env.put(pair[0], pair.length > 1 ? pair[1] : "");
                }
            } else if (environment != null) {
                map(environment).forEach((name, value) -> env.put(name, value == null ? "" : String.valueOf(value)));
            }
            return env;
        }

        /** {@code depends_on} as service to condition; the list form means {@code service_started}. */
        public Map<String, String> dependsOn() {
            Object dependsOn = definition.get("depends_on");
            Map<String, String> conditions = new LinkedHashMap<>();
            if (dependsOn instanceof List<?> names) {
                names.forEach(name -> conditions.put(String.valueOf(name), "service_started"));
            } else if (dependsOn != null) {
                map(dependsOn).forEach((name, options) ->
                        conditions.put(name, String.valueOf(map(options).getOrDefault("condition", "service_started"))));
            }
            return conditions;
        }

        /** A command or healthcheck test as one line of shell words. */
        public String line(String key) {
            return words(definition.get(key));
        }

        public String healthcheckTest() {
            return words(section("healthcheck").get("test"));
        }

        private static String words(Object value) {
            if (value instanceof List<?> list) {
                return String.join(" ", list.stream().map(String::valueOf).toList());
            }
            return value == null ? "" : String.valueOf(value);
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object value) {
        if (value != null && !(value instanceof Map)) {
            throw new AssertionError("docker-compose.yml: expected a mapping, found " + value);
        }
        return value == null ? Map.of() : (Map<String, Object>) value;
    }
}
