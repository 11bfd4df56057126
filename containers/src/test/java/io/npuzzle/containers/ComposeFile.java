package io.npuzzle.containers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The repository's docker-compose.yml, read for the settings of its services, with {@code ${NAME:-default}}
 * replaced as Compose replaces it (from this process' environment, else the default).
 */
final class ComposeFile {

    private static final Pattern VARIABLE = Pattern.compile("\\$\\{([A-Za-z_][A-Za-z0-9_]*):-([^}]*)}");

    private final Path path;
    private final JsonNode services;

    private ComposeFile(Path path, JsonNode services) {
        this.path = path;
        this.services = services;
    }

    /** The repository's root: {@code -Dnpuzzle.root}, which the build sets, else the module's parent. */
    static Path repositoryRoot() {
        return Path.of(System.getProperty("npuzzle.root", "..")).toAbsolutePath().normalize();
    }

    static ComposeFile ofRepository() {
        Path path = repositoryRoot().resolve("docker-compose.yml");
        try {
            JsonNode root = new ObjectMapper(new YAMLFactory()).readTree(path.toFile());
            return new ComposeFile(path, root.path("services"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + path, e);
        }
    }

    Path path() {
        return path;
    }

    /** The names of the services. */
    List<String> services() {
        List<String> names = new ArrayList<>();
        services.fieldNames().forEachRemaining(names::add);
        return names;
    }

    /** A service's environment, in either of Compose's forms (a map, or a list of NAME=value). */
    Map<String, String> environment(String service) {
        JsonNode environment = service(service).path("environment");
        Map<String, String> variables = new LinkedHashMap<>();
        if (environment.isArray()) {
            environment.forEach(entry -> {
                String[] pair = entry.asText().split("=", 2);
                variables.put(pair[0], pair.length > 1 ? interpolated(pair[1]) : "");
            });
        } else {
            environment.fields().forEachRemaining(entry -> variables.put(entry.getKey(),
                    interpolated(entry.getValue().asText())));
        }
        assertFalse(variables.isEmpty(), "service " + service + " of " + path + " sets no environment");
        return variables;
    }

    /** The image a service runs when its variable is unset: the default of {@code ${NAME:-default}}, or the name. */
    String defaultImage(String service) {
        String image = service(service).path("image").asText();
        assertFalse(image.isEmpty(), "service " + service + " of " + path + " names no image");
        Matcher variable = VARIABLE.matcher(image);
        return variable.matches() ? variable.group(2) : image;
    }

    /** A service's command, in the list form docker-compose.yml uses. */
    List<String> command(String service) {
        JsonNode command = service(service).path("command");
        assertTrue(command.isArray() && !command.isEmpty(),
                "service " + service + " of " + path + " has no command list");
        List<String> words = new ArrayList<>();
        command.forEach(word -> words.add(interpolated(word.asText())));
        return words;
    }

    private static String interpolated(String value) {
        Matcher variable = VARIABLE.matcher(value);
        StringBuilder result = new StringBuilder();
        while (variable.find()) {
            String set = System.getenv(variable.group(1));
            variable.appendReplacement(result, Matcher.quoteReplacement(set == null || set.isEmpty()
                    ? variable.group(2) : set));
        }
        return variable.appendTail(result).toString();
    }

    private JsonNode service(String name) {
        JsonNode service = services.path(name);
        assertTrue(service.isObject(), "no service " + name + " in " + path);
        return service;
    }
}
