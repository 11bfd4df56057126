package io.npuzzle.deploy.image;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.npuzzle.deploy.Repository;
import io.npuzzle.deploy.app.JavaOptions;
import io.npuzzle.deploy.compose.ComposeFile;
import io.npuzzle.deploy.k8s.KubernetesApps;
import io.npuzzle.deploy.k8s.Kustomize;
import io.npuzzle.deploy.k8s.RenderedOverlay;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** One image per app, built by the Dockerfile from the packaged app, named alike in Compose and Kubernetes, run as its own user. */
class ImagesTest {

    private static final Dockerfile DOCKERFILE = Dockerfile.read();
    private static final String PDB_DIRECTORY = "NPUZZLE_PDB_DIR";
    private static final String PDB_PACKAGE = "core/src/main/java/io/npuzzle/core/pdb";
    static final String JRE_ARGUMENT = "JRE_IMAGE";
    static final String JRE_DEFAULT = "eclipse-temurin:17-jre";

    /** The apps are packaged on the host (bin/images) and copied in, the Quarkus fast-jar way. */
    @ParameterizedTest
    @FieldSource("io.npuzzle.deploy.Repository#APPS")
    void eachAppStagePackagesItsQuarkusApp(String module) {
        String app = module + "/target/quarkus-app/";
        List<Dockerfile.Copy> copies = DOCKERFILE.copies(module);
        for (String part : new String[] {"lib/", "*.jar", "app/", "quarkus/"}) {
            assertTrue(copies.stream().anyMatch(copy -> copy.sources().contains(app + part)),
                    module + " stage copies quarkus-app/" + part);
        }
        for (Dockerfile.Copy copy : copies) {
            assertFalse(copy.options().containsKey("from"), module + ": copies from the build context only: " + copy);
            assertTrue(copy.sources().stream().allMatch(source -> source.startsWith(app)),
                    module + ": copies its own packaged app and nothing else: " + copy);
            assertEquals(DOCKERFILE.stage("runtime").all("USER").get(0) + ":" + DOCKERFILE.stage("runtime").all("USER").get(0),
                    copy.options().get("chown"), module + ": the files belong to the user the app runs as: " + copy);
        }
        String build = BinImages.mavenPackage();
        assertTrue(build.matches(".*-pl \\S*\\b" + module + "\\b.*") && build.matches(".*\\s-am\\b.*"),
                "bin/images packages " + module + " and what it depends on: " + build);
    }

    /** docker compose up runs what bin/images builds (it would build the image itself only when it is missing). */
    @ParameterizedTest
    @FieldSource("io.npuzzle.deploy.Repository#APPS")
    void binImagesTagsWhatComposeRuns(String module) {
        assertEquals(ComposeFile.read().service(module).string("image").orElseThrow(), "npuzzle/" + module + ":" + BinImages.appTag());
    }

    /** Docker alone builds the images, with the legacy builder too (Debian's docker.io 20.10), and without network. */
    @Test
    void imagesAreBuiltOnTheJavaRuntimeArgumentWithoutBuildTools() {
        assertEquals(List.of(), DOCKERFILE.parserDirectives(), "a # syntax= line needs BuildKit");
        assertEquals(JRE_DEFAULT, DOCKERFILE.globalArgs().get(JRE_ARGUMENT),
                "ARG " + JRE_ARGUMENT + " before the first FROM, the public Java runtime by default");
        for (String module : Repository.APPS) {
            assertEquals("${" + JRE_ARGUMENT + "}", DOCKERFILE.baseImage(module), module + " builds FROM the argument");
        }
        for (Dockerfile.Stage stage : DOCKERFILE.stages().values()) {
            assertTrue(stage.base().equals("${" + JRE_ARGUMENT + "}") || DOCKERFILE.stages().containsKey(stage.base()),
                    "stage " + stage.name() + " builds FROM the Java runtime or an earlier stage, not " + stage.base());
            for (String run : stage.all("RUN")) {
                assertFalse(run.startsWith("--"), stage.name() + ": RUN options (--mount, --network) need BuildKit: " + run);
                assertFalse(run.matches("(?s).*\\b(mvn|mvnw|gradle|javac|apt-get|apt|apk|yum|dnf|curl|wget|git)\\b.*"),
                        stage.name() + ": no build tool, package manager or download at build time: " + run);
            }
        }
    }

    /** The build context (sent whole to the daemon) holds the packaged apps, not the rest of the repository. */
    @Test
    void buildContextHoldsOnlyWhatTheImagesCopy() {
        DockerIgnore ignore = DockerIgnore.read();
        for (String module : Repository.APPS) {
            for (Dockerfile.Copy copy : DOCKERFILE.copies(module)) {
                for (String source : copy.sources()) {
                    String sample = source.replace("*", "sample") + (source.endsWith("/") ? "sample/file.jar" : "");
                    assertFalse(ignore.excludes(sample), ".dockerignore leaves out " + sample + ", which COPY " + source + " needs");
                }
            }
        }
        for (String other : List.of("pom.xml", ".git/HEAD", ".run/kafka-lib/kafka_2.13.jar",
                ".run/images/rootfs.x/usr/bin/java", "bench/load", "deploy/base/kustomization.yaml",
                "core/target/npuzzle-core-1.0.0-SNAPSHOT.jar", "core/src/main/java/io/npuzzle/cli/Main.java",
                "protocol/target/classes/Topics.class", "runtime/target/npuzzle-runtime.jar", "test-support/target/x.jar",
                "deploy/target/surefire-reports/x.txt", "api/target/npuzzle-api-1.0.0-SNAPSHOT.jar",
                "api/target/classes/application.properties", "api/src/main/resources/application.properties",
                "worker/target/surefire-reports/x.xml", "worker/target/quarkus-app/quarkus-app-dependencies.txt",
                "some/new/module/target/x.jar")) {
            assertTrue(ignore.excludes(other), ".dockerignore lets " + other + " into the build context");
        }
    }

    /** The deployments may replace JAVA_OPTS (checked with each), but what the image starts with is this. */
    @ParameterizedTest
    @FieldSource("io.npuzzle.deploy.Repository#APPS")
    void jvmExitsWhenOutOfMemory(String module) {
        assertTrue(DOCKERFILE.entrypoint(module).contains("java $" + JavaOptions.VARIABLE + " "),
                module + ": the entrypoint passes " + JavaOptions.VARIABLE + " to java");
        assertTrue(JavaOptions.exitOnOutOfMemory(DOCKERFILE.env(module).get(JavaOptions.VARIABLE)),
                module + ": the image's " + JavaOptions.VARIABLE + " turn on " + JavaOptions.EXIT_ON_OUT_OF_MEMORY);
    }

    /** Workers' heaps fill with large arrays, which only a collector that compacts them all can always place. */
    @Test
    void theWorkerImageCollectsWithTheParallelCollectorAndKeepsTheCommonOptions() {
        String worker = DOCKERFILE.env("worker").get(JavaOptions.VARIABLE);
        assertTrue(worker.startsWith("-XX:+UseParallelGC ") && JavaOptions.exitOnOutOfMemory(worker), worker);
        assertTrue(worker.endsWith(DOCKERFILE.env("runtime").get(JavaOptions.VARIABLE)), worker);
        assertFalse(DOCKERFILE.env("api").get(JavaOptions.VARIABLE).contains("UseParallelGC"));
    }

    @Test
    void imagesRunAsTheUserThePodsDeclare() {
        String user = DOCKERFILE.stage("runtime").all("USER").get(0);
        assertTrue(user.matches("\\d+") && !user.equals("0"), "a numeric non-root user: " + user);
        Kustomize.assumeKubectl();
        for (String overlay : Kustomize.OVERLAYS) {
            for (String module : Repository.APPS) {
                Deployment deployment = KubernetesApps.deployment(RenderedOverlay.of(overlay), module);
                assertEquals(Long.parseLong(user),
                        deployment.getSpec().getTemplate().getSpec().getSecurityContext().getRunAsUser(),
                        overlay + " " + module);
            }
        }
    }

    @Test
    void kubernetesRunsTheImagesComposeBuilds() {
        Kustomize.assumeKubectl();
        ComposeFile compose = ComposeFile.read();
        for (String overlay : Kustomize.OVERLAYS) {
            for (String module : Repository.APPS) {
                Container container = KubernetesApps.container(KubernetesApps.deployment(RenderedOverlay.of(overlay), module));
                assertEquals("npuzzle/" + module, name(container.getImage()), overlay + " " + module);
                if (overlay.equals("dev")) {
                    assertEquals(compose.service(module).string("image").orElseThrow(), container.getImage(),
                            "the dev overlay runs what docker compose build tags");
                }
            }
        }
    }

    /** Each variable an image sets is read: by the entrypoint, or by the code (a literal in its sources). */
    @ParameterizedTest
    @FieldSource("io.npuzzle.deploy.Repository#APPS")
    void imageVariablesAreConsumed(String module) {
        String entrypoint = DOCKERFILE.entrypoint(module);
        String sources = javaSources("core", module);
        List<String> unread = DOCKERFILE.env(module).keySet().stream()
                .filter(variable -> !entrypoint.contains("$" + variable) && !sources.contains("\"" + variable + "\""))
                .toList();
        if (unread.equals(List.of(PDB_DIRECTORY))) {
            assumeTrue(Files.isDirectory(Repository.path(PDB_PACKAGE)), "the pattern databases are not in core yet, so"
                    + " nothing reads " + PDB_DIRECTORY + " (the worker image's database directory) until they are");
        }
        assertEquals(List.of(), unread, "set in the " + module + " image but read by nothing");
    }

    @Test
    void workerImageCarriesItsPatternDatabases() {
        Map<String, String> env = DOCKERFILE.env("worker");
        String directory = env.get(PDB_DIRECTORY);
        assertTrue(directory != null && directory.startsWith("/"), "the worker image names its database directory");
        String warmUp = DOCKERFILE.stage("worker").all("RUN").stream()
                .filter(run -> run.contains("io.npuzzle.cli.Main")).findFirst()
                .orElseThrow(() -> new AssertionError("the worker image does not build the databases"));
        assertTrue(Files.exists(Repository.path("core/src/main/java/io/npuzzle/cli/Main.java")), "the CLI it runs");
        assertTrue(warmUp.contains("databases 4x4"), "the 4x4 databases, built and saved");
        assertTrue(DOCKERFILE.stage("worker").all("VOLUME").stream().anyMatch(volume -> volume.contains(directory)),
                "the database directory is a volume, shared by the workers of a deployment");
        assertTrue(warmUp.contains("ls -l \"$NPUZZLE_PDB_DIR\""), "the build fails when no database was written");
    }

    private static String name(String image) {
        return image.replaceAll(":[^:/]+$", "");
    }

    private static String javaSources(String... modules) {
        StringBuilder all = new StringBuilder();
        for (String module : modules) {
            try (Stream<Path> files = Files.walk(Repository.path(module + "/src/main/java"))) {
                files.filter(file -> file.toString().endsWith(".java")).forEach(file -> all.append(Repository.read(file)));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return all.toString();
    }
}
