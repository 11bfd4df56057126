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
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** One image per app, built by the Dockerfile, named alike in Compose and Kubernetes, run as its own user. */
class ImagesTest {

    private static final Dockerfile DOCKERFILE = Dockerfile.read();
    private static final String PDB_DIRECTORY = "NPUZZLE_PDB_DIR";
    private static final String PDB_PACKAGE = "core/src/main/java/io/npuzzle/core/pdb";

    @ParameterizedTest
    @FieldSource("io.npuzzle.deploy.Repository#APPS")
    void eachAppStagePackagesItsQuarkusApp(String module) {
        List<String> copies = DOCKERFILE.stage(module).all("COPY");
        for (String part : new String[] {"lib/", "*.jar", "app/", "quarkus/"}) {
            assertTrue(copies.stream().anyMatch(copy -> copy.contains("/src/" + module + "/target/quarkus-app/" + part)),
                    module + " stage copies quarkus-app/" + part);
        }
        String build = String.join(" ", DOCKERFILE.stage("build").all("RUN"));
        assertTrue(build.matches(".*-pl \\S*\\b" + module + "\\b.*"), "the build stage builds " + module);
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
        assertTrue(warmUp.contains("--rows 4 --cols 4"), "a 4x4 solve, which builds and saves the 4x4 databases");
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
