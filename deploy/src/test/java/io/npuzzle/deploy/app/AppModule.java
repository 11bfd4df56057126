package io.npuzzle.deploy.app;

import io.npuzzle.deploy.Repository;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What one Quarkus app of the repository understands, read from its sources: the keys of its
 * application.properties (production profile), its {@code @ConfigMapping} properties, and the Quarkus
 * extensions its pom declares.
 */
public final class AppModule {

    /** Extensions that bring Vert.x HTTP, and with it the {@code quarkus.http.*} and management properties. */
    private static final Set<String> HTTP_EXTENSIONS = Set.of("quarkus-vertx-http", "quarkus-rest",
            "quarkus-rest-jackson", "quarkus-smallrye-health", "quarkus-smallrye-openapi", "quarkus-micrometer",
            "quarkus-micrometer-registry-prometheus");
    /** Defaults both apps get from the runtime library they depend on. */
    private static final String SHARED_DEFAULTS = "runtime/src/main/resources/META-INF/microprofile-config.properties";
    private static final Pattern PROFILE = Pattern.compile("%([\\w,-]+)\\.(.+)");
    private static final Pattern CHANNEL = Pattern.compile("mp\\.messaging\\.(incoming|outgoing)\\.([^.]+)\\.topic");
    private static final Pattern DEAD_LETTERS =
            Pattern.compile("mp\\.messaging\\.incoming\\.([^.]+)\\.dead-letter-queue\\.topic");

    private final String module;
    private final Map<String, String> properties;
    private final Map<String, String> mappings;
    private final Set<String> extensions;

    private AppModule(String module, Map<String, String> properties, Map<String, String> mappings,
                      Set<String> extensions) {
        this.module = module;
        this.properties = properties;
        this.mappings = mappings;
        this.extensions = extensions;
    }

    /** The app in the repository folder {@code module} ("api", "worker"). */
    public static AppModule of(String module) {
        return at(Repository.path(module), module);
    }

    /** The app whose Maven module lies in {@code directory}. */
    public static AppModule at(Path directory, String module) {
        return new AppModule(module, productionProperties(directory), ConfigMappings.of(directory.resolve("src/main/java")),
                extensions(directory));
    }

    public String module() {
        return module;
    }

    public boolean hasExtension(String artifactId) {
        return artifactId.equals("quarkus-core") || extensions.contains(artifactId)
                || artifactId.equals("quarkus-vertx-http") && extensions.stream().anyMatch(HTTP_EXTENSIONS::contains);
    }

    /** The property's value where the app runs with {@code env}: environment, then the app's files, then defaults. */
    public Optional<String> value(String property, Map<String, String> env) {
        String fromEnv = env.get(EnvNames.of(property));
        if (fromEnv != null) {
            return Optional.of(fromEnv);
        }
        if (properties.containsKey(property)) {
            return Optional.of(properties.get(property));
        }
        if (mappings.get(property) != null) {
            return Optional.of(mappings.get(property));
        }
        return QuarkusConfigModel.onClasspath().named(property).map(QuarkusConfigModel.QuarkusProperty::defaultValue);
    }

    public String require(String property, Map<String, String> env) {
        return value(property, env).orElseThrow(() -> new AssertionError(module + " has no value for " + property));
    }

    /**
     * Why the app would not understand {@code env} as configuration, or empty when it does: the variable must be
     * the environment form of one of the app's own keys, or of a run-time property of Quarkus or of an extension
     * the app uses.
     */
    public Optional<String> misunderstood(String env) {
        boolean own = properties.keySet().stream().anyMatch(key -> EnvNames.of(key).equals(env))
                || mappings.keySet().stream().anyMatch(key -> EnvNames.matches(env, key));
        if (own) {
            return Optional.empty();
        }
        List<QuarkusConfigModel.QuarkusProperty> framework = QuarkusConfigModel.onClasspath().forEnvironmentVariable(env)
                .stream().filter(property -> hasExtension(property.extension())).toList();
        if (framework.isEmpty()) {
            return Optional.of(env + " is not a config key of " + module
                    + " (its application.properties, its @ConfigMapping interfaces, or Quarkus "
                    + QuarkusConfigModel.onClasspath().extensions() + " as far as " + module + " uses them)");
        }
        if (framework.stream().noneMatch(QuarkusConfigModel.QuarkusProperty::settableAtRunTime)) {
            return Optional.of(env + " sets " + framework.get(0).name() + ", which is fixed at build time: "
                    + "a value in the environment is ignored");
        }
        return Optional.empty();
    }

    /**
     * Topic of each messaging channel, by direction and channel name. The dead-letter topic of an incoming channel
     * counts as outgoing (the app writes to it), named after the channel with {@code .dead-letter-queue}.
     */
    public Map<String, String> topics(String direction) {
        Map<String, String> topics = new LinkedHashMap<>();
        properties.forEach((key, value) -> {
            Matcher channel = CHANNEL.matcher(key);
            if (channel.matches() && channel.group(1).equals(direction)) {
                topics.put(channel.group(2), value);
            }
            Matcher deadLetters = DEAD_LETTERS.matcher(key);
            if (deadLetters.matches() && direction.equals("outgoing")) {
                topics.put(deadLetters.group(1) + ".dead-letter-queue", value);
            }
        });
        return topics;
    }

    /** The consumer group of an incoming channel, as the SmallRye Kafka connector picks it. */
    public String groupId(String channel, Map<String, String> env) {
        return value("mp.messaging.incoming." + channel + ".group.id", env)
                .or(() -> value("kafka.group.id", env))
                .orElseGet(() -> require("quarkus.application.name", env));
    }

    /**
     * The app's configuration in the prod profile: the shared runtime library's defaults
     * ({@code META-INF/microprofile-config.properties}, ordinal 100), overridden by the app's
     * {@code application.properties} (ordinal 250), as Quarkus reads them.
     */
    private static Map<String, String> productionProperties(Path directory) {
        Properties file = new Properties();
        try {
            Path shared = directory.resolveSibling(SHARED_DEFAULTS);
            if (java.nio.file.Files.isRegularFile(shared)) {
                file.load(new StringReader(Repository.read(shared)));
            }
            file.load(new StringReader(Repository.read(directory.resolve("src/main/resources/application.properties"))));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Map<String, String> plain = new LinkedHashMap<>();
        Map<String, String> production = new LinkedHashMap<>();
        for (String key : file.stringPropertyNames()) {
            Matcher profiled = PROFILE.matcher(key);
            if (!profiled.matches()) {
                plain.put(key, file.getProperty(key));
            } else if (Set.of(profiled.group(1).split(",")).contains("prod")) {
                production.put(profiled.group(2), file.getProperty(key));
            }
        }
        plain.putAll(production);
        return plain;
    }

    private static Set<String> extensions(Path directory) {
        Set<String> artifacts = new HashSet<>();
        try {
            Document pom = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                    .parse(directory.resolve("pom.xml").toFile());
            NodeList dependencies = pom.getElementsByTagName("dependency");
            for (int i = 0; i < dependencies.getLength(); i++) {
                Element dependency = (Element) dependencies.item(i);
                if (text(dependency, "groupId").equals("io.quarkus") && !text(dependency, "scope").equals("test")) {
                    artifacts.add(text(dependency, "artifactId"));
                }
            }
        } catch (Exception e) {
            throw new AssertionError("cannot read " + directory.resolve("pom.xml"), e);
        }
        return artifacts;
    }

    private static String text(Element element, String child) {
        NodeList nodes = element.getElementsByTagName(child);
        return nodes.getLength() == 0 ? "" : nodes.item(0).getTextContent().trim();
    }
}
