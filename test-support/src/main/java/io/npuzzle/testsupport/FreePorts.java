package io.npuzzle.testsupport;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Ports that nothing listens on right now, chosen below the kernel's ephemeral range: a port from that range can be
 * taken by any outgoing connection's local end between the moment it is found free and the moment a server binds it.
 */
public final class FreePorts {

    private static final Path EPHEMERAL_RANGE = Path.of("/proc/sys/net/ipv4/ip_local_port_range");
    private static final int LOWEST = 10_000;
    private static final int LINUX_EPHEMERAL_START = 32_768;
    private static final int HIGHEST = ephemeralStart() - 1;
    /** Moves on with each port handed out, so that one test run never gets the same port twice. */
    private static final AtomicInteger CURSOR =
            new AtomicInteger(ThreadLocalRandom.current().nextInt(LOWEST, HIGHEST));

    private FreePorts() {
    }

    public static int next() {
        return block(1);
    }

    /** The first of {@code count} consecutive free ports, for a server that takes the ports after its own too. */
    public static int block(int count) {
        for (int attempt = 0; attempt < HIGHEST - LOWEST; attempt++) {
            int first = CURSOR.getAndAdd(count);
            if (first + count - 1 > HIGHEST) {
                CURSOR.set(LOWEST);
                continue;
            }
            if (allFree(first, count)) {
                return first;
            }
        }
        throw new IllegalStateException("no " + count + " consecutive free ports in " + LOWEST + ".." + HIGHEST);
    }

    private static boolean allFree(int first, int count) {
        for (int port = first; port < first + count; port++) {
            try (ServerSocket ignored = new ServerSocket(port)) {
                // bound, so free: closed at once
            } catch (IOException taken) {
                return false;
            }
        }
        return true;
    }

    private static int ephemeralStart() {
        try {
            String range = Files.readAllLines(EPHEMERAL_RANGE).get(0).trim();
            int start = Integer.parseInt(range.split("\\s+")[0]);
            return Math.max(start, LOWEST + 1_000);
        } catch (IOException | RuntimeException notLinux) {
            return LINUX_EPHEMERAL_START;
        }
    }
}
