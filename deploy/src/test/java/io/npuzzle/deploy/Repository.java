package io.npuzzle.deploy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The repository's files, as the checks see them: the build passes the root in {@code npuzzle.root}. */
public final class Repository {

    /** The Quarkus apps the deployments run, by module folder; each ships as the image npuzzle/<module>. */
    public static final List<String> APPS = List.of("api", "worker");

    private Repository() {
    }

    public static Path root() {
        String configured = System.getProperty("npuzzle.root");
        return Path.of(configured != null ? configured : "..").toAbsolutePath().normalize();
    }

    public static Path path(String relative) {
        return root().resolve(relative);
    }

    public static String read(String relative) {
        return read(path(relative));
    }

    public static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
