package io.npuzzle.testsupport;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real {@code redis-server} process on a free port, for one test JVM. It keeps nothing on disk except when
 * {@link #stop() stopped}, which saves a snapshot that {@link #restart()} loads, as a Redis with persistence does.
 */
public final class RedisServer implements AutoCloseable {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(20);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(20);

    private final String executable;
    private final Path workDir;
    private final int port;
    private final List<String> options;
    private volatile Process process;

    private RedisServer(String executable, Path workDir, int port, List<String> options) {
        this.executable = executable;
        this.workDir = workDir;
        this.port = port;
        this.options = options;
    }

    public static RedisServer start(Path workDir) {
        return start(workDir, List.of());
    }

    /**
     * A server with more options (e.g. {@code --appendonly yes}, {@code --maxmemory 8mb}), which override the
     * defaults (no persistence). An append-only file lives in {@code workDir}: give each such server its own.
     */
    public static RedisServer start(Path workDir, List<String> options) {
        String executable = Executables.find("redis-server").orElseThrow(() -> new IllegalStateException(
                "redis-server is not installed: the tests need a real Redis. Install the Debian package "
                        + "'redis-server' (apt-get install redis-server)."));
        RedisServer server = new RedisServer(executable, workDir, FreePorts.next(), List.copyOf(options));
        try {
            Files.createDirectories(workDir);
            // A snapshot left by an earlier run on the same port must not come back.
            Files.deleteIfExists(workDir.resolve(server.snapshotName()));
        } catch (IOException e) {
            throw new IllegalStateException("could not prepare " + workDir, e);
        }
        server.launch();
        return server;
    }

    /** Stops the server as an operator would, saving its data first; {@link #restart()} brings it back. */
    public void stop() {
        try {
            command("SHUTDOWN SAVE");
        } catch (IllegalStateException closedWhileAnswering) {
            // The server closes the connection as it goes down.
        }
        awaitExit();
    }

    /** Stops the server as Ctrl-C or a service manager does (SIGTERM): it saves only what its options say. */
    public void terminate() {
        process.destroy();
        awaitExit();
    }

    private void awaitExit() {
        try {
            if (!process.waitFor(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new IllegalStateException("redis-server on port " + port + " did not stop");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while stopping redis-server", e);
        }
    }

    /** Sends one inline command (words separated by spaces) and returns the first line of the reply. */
    public String call(String inline) {
        return command(inline);
    }

    public boolean isRunning() {
        return process.isAlive();
    }

    /** The running server, to signal it together with other processes ({@link Stack#stopUncleanly}). */
    public ProcessHandle handle() {
        return process.toHandle();
    }

    /** Starts the server again on the same port, with the data it saved when stopped. */
    public void restart() {
        if (process.isAlive()) {
            throw new IllegalStateException("redis-server on port " + port + " is still running");
        }
        launch();
    }

    private void launch() {
        try {
            List<String> command = new ArrayList<>(List.of(executable,
                    "--port", Integer.toString(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
                    "--dir", workDir.toString(), "--dbfilename", snapshotName(), "--protected-mode", "no"));
            command.addAll(options);
            process = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(
                            workDir.resolve("redis-" + port + ".log").toFile()))
                    .start();
        } catch (IOException e) {
            throw new IllegalStateException("could not start redis-server", e);
        }
        awaitPong();
    }

    private String snapshotName() {
        return "redis-" + port + ".rdb";
    }

    public int port() {
        return port;
    }

    /** The address in the form Quarkus' Redis client expects. */
    public String url() {
        return "redis://127.0.0.1:" + port;
    }

    /** Empties the database, so a test starts without cached solutions. */
    public void flushAll() {
        String reply = command("FLUSHALL");
        if (!reply.startsWith("+OK")) {
            throw new IllegalStateException("FLUSHALL answered " + reply);
        }
    }

    private void awaitPong() {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (true) {
            try {
                if (command("PING").startsWith("+PONG")) {
                    return;
                }
            } catch (IllegalStateException notYet) {
                if (!process.isAlive() || System.nanoTime() > deadline) {
                    throw new IllegalStateException("redis-server did not start on port " + port, notYet);
                }
            }
            Waits.pause(Duration.ofMillis(20));
        }
    }

    /** Sends one inline command and returns the first line of the reply. */
    private String command(String inline) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 1000);
            socket.setSoTimeout(5000);
            OutputStream out = socket.getOutputStream();
            out.write((inline + "\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            StringBuilder line = new StringBuilder();
            for (int c = in.read(); c >= 0 && c != '\n'; c = in.read()) {
                line.append((char) c);
            }
            return line.toString().strip();
        } catch (IOException e) {
            throw new IllegalStateException("redis-server on port " + port + " does not answer", e);
        }
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }
}
