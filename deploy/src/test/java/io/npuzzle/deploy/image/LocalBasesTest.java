package io.npuzzle.deploy.image;

import io.npuzzle.deploy.LogicalLines;
import io.npuzzle.deploy.Repository;
import io.npuzzle.deploy.RootPom;
import io.npuzzle.deploy.compose.ComposeFile;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** bin/images --local-bases builds what docker-compose.yml can run in place of the public images. */
class LocalBasesTest {

    private static final Pattern REPLACEABLE = Pattern.compile("\\$\\{(\\w+_IMAGE):-[^}]+}");
    private static final Pattern KAFKA_SCRIPT = Pattern.compile("/opt/kafka/bin/([\\w.-]+)");
    private static final String KAFKA_STAND_IN = "deploy/images/kafka/";

    @Test
    void standInsReplaceEveryImageComposeLetsReplace() {
        ComposeFile compose = ComposeFile.read();
        Set<String> replaceable = new TreeSet<>();
        for (ComposeFile.Service service : compose.services().values()) {
            collect(service.string("image").orElse(""), replaceable);
            Object args = service.section("build").get("args"); // a mapping, or a list of NAME=value
            if (args instanceof Map<?, ?> map) {
                map.values().forEach(value -> collect(String.valueOf(value), replaceable));
            } else if (args instanceof List<?> list) {
                list.forEach(entry -> collect(String.valueOf(entry), replaceable));
            }
        }
        Map<String, String> standIns = new TreeMap<>(BinImages.localImages(kafkaVersion()));
        assertEquals(replaceable, standIns.keySet(), "the variables bin/images writes to .run/images.env are the ones"
                + " docker-compose.yml reads");
        standIns.values().forEach(image -> assertTrue(image.startsWith("npuzzle-local/"), image));
    }

    @Test
    void kafkaStandInIsTheClientsVersion() {
        assertEquals(RootPom.property("kafka.version"), kafkaVersion(),
                "tools/kafka/pom.xml fetches the broker of the apps' kafka-clients");
        assertTrue(BinImages.localImages(kafkaVersion()).get("KAFKA_IMAGE").endsWith(":" + kafkaVersion()));
    }

    /** docker-compose.yml runs apache/kafka's scripts; the stand-in has them where apache/kafka has them. */
    @Test
    void kafkaStandInHasTheScriptsComposeRuns() {
        ComposeFile compose = ComposeFile.read();
        String uses = compose.service("kafka").healthcheckTest() + " " + compose.service("kafka-topics").line("command");
        Matcher script = KAFKA_SCRIPT.matcher(uses);
        Set<String> scripts = new TreeSet<>();
        while (script.find()) {
            scripts.add(script.group(1));
        }
        assertTrue(scripts.containsAll(Set.of("kafka-broker-api-versions.sh", "kafka-topics.sh")), scripts.toString());
        for (String name : scripts) {
            Path file = Repository.path(KAFKA_STAND_IN + "bin/" + name);
            assertTrue(Files.isRegularFile(file) && Files.isExecutable(file), "the Kafka stand-in has no " + file);
        }
        Dockerfile standIn = Dockerfile.parse(Repository.read(KAFKA_STAND_IN + "Dockerfile"));
        String stage = standIn.stages().keySet().iterator().next();
        assertTrue(standIn.copies(stage).stream().anyMatch(copy -> copy.sources().equals(List.of("bin/"))
                && copy.destination().equals("/opt/kafka/bin/")), "the stand-in installs its scripts in /opt/kafka/bin");
        assertEquals("${JRE_IMAGE}", standIn.baseImage(stage), "the stand-in runs on the local Java runtime");
        // apache/kafka's entry point, which Testcontainers' KafkaContainer also starts.
        assertEquals("[\"/etc/kafka/docker/run\"]", standIn.stage(stage).all("CMD").get(0));
        assertTrue(Files.isExecutable(Repository.path(KAFKA_STAND_IN + "docker/run")));
        assertTrue(LogicalLines.of(Repository.read(KAFKA_STAND_IN + "Dockerfile")).contains("COPY docker/ /etc/kafka/docker/"));
    }

    private static void collect(String text, Set<String> variables) {
        Matcher variable = REPLACEABLE.matcher(text);
        while (variable.find()) {
            variables.add(variable.group(1));
        }
    }

    private static String kafkaVersion() {
        Matcher version = Pattern.compile("<kafka.version>([^<]+)</kafka.version>").matcher(Repository.read("tools/kafka/pom.xml"));
        assertTrue(version.find(), "tools/kafka/pom.xml names kafka.version");
        return version.group(1).trim();
    }
}
