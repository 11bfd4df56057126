package io.npuzzle.deploy.k8s;

import io.npuzzle.deploy.Repository;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Renders the overlays with {@code kubectl kustomize}, once each per test run. */
public final class Kustomize {

    /** Every overlay under deploy/overlays; the tests cover each. */
    public static final List<String> OVERLAYS = List.of("dev", "prod");

    private static final long TIMEOUT_SECONDS = 60;
    private static final Map<String, String> RENDERED = new ConcurrentHashMap<>();

    private Kustomize() {
    }

    /** Skips the calling test, saying why, when kubectl is not installed. */
    public static void assumeKubectl() {
        assumeTrue(kubectlOnPath(),
                "kubectl is not on the PATH, so the kustomize overlays cannot be rendered and their checks are skipped;"
                        + " install kubectl to run them");
    }

    public static Path overlayDirectory(String overlay) {
        return Repository.path("deploy/overlays/" + overlay);
    }

    /** The overlay's objects as kustomize prints them: YAML documents separated by {@code ---}. */
    public static String render(String overlay) {
        assumeKubectl();
        return RENDERED.computeIfAbsent(overlay, Kustomize::run);
    }

    private static String run(String overlay) {
        try {
            Path errors = Files.createTempFile("kustomize", ".err");
            try {
                Process process = new ProcessBuilder("kubectl", "kustomize", overlayDirectory(overlay).toString())
                        .redirectError(errors.toFile())
                        .start();
                String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                    throw new AssertionError("kubectl kustomize " + overlay + " did not finish in " + TIMEOUT_SECONDS + " s");
                }
                if (process.exitValue() != 0) {
                    throw new AssertionError("kubectl kustomize " + overlay + " failed: " + Files.readString(errors));
                }
                return output;
            } finally {
                Files.deleteIfExists(errors);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while rendering " + overlay, e);
        }
    }

    private static boolean kubectlOnPath() {
        String path = System.getenv("PATH");
        if (path == null) {
            return false;
        }
        for (String directory : path.split(File.pathSeparator)) {
            if (Files.isExecutable(Path.of(directory, "kubectl"))) {
                return true;
            }
        }
        return false;
    }
}
