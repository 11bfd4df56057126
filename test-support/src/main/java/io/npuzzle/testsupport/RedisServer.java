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
import java.util.List;

/** A real {@code redis-server} process on a free port, without persistence, for one test JVM. */
public final class RedisServer implements AutoCloseable {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(20);

    private final Process process;
    private final int port;

    private RedisServer(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    public static RedisServer start(Path workDir) {
        String executable = Executables.find("redis-server").orElseThrow(() -> new IllegalStateException(
                "redis-server is not installed: the tests need a real Redis. Install the Debian package "
                        + "'redis-server' (apt-get install redis-server)."));
        int port = FreePorts.next();
        try {
            Files.createDirectories(workDir);
            Process process = new ProcessBuilder(List.of(executable,
                    "--port", Integer.toString(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
                    "--dir", workDir.toString(), "--protected-mode", "no"))
                    .redirectErrorStream(true)
                    .redirectOutput(workDir.resolve("redis-" + port + ".log").toFile())
                    .start();
            RedisServer server = new RedisServer(process, port);
            server.awaitPong();
            return server;
        } catch (IOException e) {
            throw new IllegalStateException("could not start redis-server", e);
        }
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
            if (!process.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }
}
