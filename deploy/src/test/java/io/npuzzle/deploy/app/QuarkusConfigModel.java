package io.npuzzle.deploy.app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * Every configuration property that Quarkus and its extensions define, as each extension jar documents it in
 * {@code META-INF/quarkus-config-doc/quarkus-config-model.json}: name, environment variable, default, and the
 * phase, which says whether a value given at run time counts at all.
 */
public final class QuarkusConfigModel {

    private static final String MODEL = "META-INF/quarkus-config-doc/quarkus-config-model.json";
    private static final QuarkusConfigModel ON_CLASSPATH = load();

    private final List<QuarkusProperty> properties;

    private QuarkusConfigModel(List<QuarkusProperty> properties) {
        this.properties = List.copyOf(properties);
    }

    public static QuarkusConfigModel onClasspath() {
        return ON_CLASSPATH;
    }

    /** One property; {@code extension} is the artifactId of the extension that defines it. */
    public record QuarkusProperty(String name, String environmentVariable, String phase, String defaultValue,
                                  String extension) {

        /** A value from the environment counts only for run-time properties; the rest are fixed at build time. */
        public boolean settableAtRunTime() {
            return phase.equals("RUN_TIME");
        }
    }

    public List<String> extensions() {
        return properties.stream().map(QuarkusProperty::extension).distinct().sorted().toList();
    }

    public Optional<QuarkusProperty> named(String name) {
        return properties.stream().filter(property -> property.name().equals(name)).findFirst();
    }

    /** The properties the variable may set, whatever their extension. */
    public List<QuarkusProperty> forEnvironmentVariable(String env) {
        return properties.stream()
                .filter(property -> property.environmentVariable().equals(env) || EnvNames.matches(env, property.name()))
                .toList();
    }

    public String defaultOf(String name) {
        return named(name).map(QuarkusProperty::defaultValue)
                .orElseThrow(() -> new AssertionError("no Quarkus property " + name + " among " + extensions()));
    }

    private static QuarkusConfigModel load() {
        ObjectMapper json = new ObjectMapper();
        List<QuarkusProperty> properties = new ArrayList<>();
        try {
            for (URL model : Collections.list(QuarkusConfigModel.class.getClassLoader().getResources(MODEL))) {
                try (InputStream in = model.openStream()) {
                    for (JsonNode root : json.readTree(in).path("configRoots")) {
                        collect(root, root.path("extension").path("artifactId").asText(), properties);
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new QuarkusConfigModel(properties);
    }

    /** Properties sit in a root's items, and in the items of its sections, at any depth. */
    private static void collect(JsonNode node, String extension, List<QuarkusProperty> into) {
        JsonNode path = node.path("path");
        if (path.has("property")) {
            into.add(new QuarkusProperty(path.path("property").asText(), path.path("environmentVariable").asText(),
                    node.path("phase").asText(), node.path("defaultValue").asText(null), extension));
        }
        for (JsonNode item : node.path("items")) {
            collect(item, extension, into);
        }
    }
}
