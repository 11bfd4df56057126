package io.npuzzle.containers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Where the tests leave what their containers printed: target/container-logs, for a look after a failure. */
final class ContainerLogs {

    private ContainerLogs() {
    }

    static void save(String owner, String name, String logs) {
        Path dir = Path.of(System.getProperty("npuzzle.containers.logs", "target/container-logs"));
        try {
            Files.createDirectories(dir);
            Files.writeString(dir.resolve(owner + "-" + name + ".log"), logs);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
