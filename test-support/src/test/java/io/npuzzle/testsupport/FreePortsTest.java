package io.npuzzle.testsupport;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertTrue;

class FreePortsTest {

    @Test
    void aBlockIsConsecutivePortsThatCanAllBeBoundAndLieBelowTheEphemeralRange() throws IOException {
        int first = FreePorts.block(3);
        for (int port = first; port < first + 3; port++) {
            try (ServerSocket bound = new ServerSocket(port)) {
                assertTrue(bound.isBound());
            }
        }
        Path range = Path.of("/proc/sys/net/ipv4/ip_local_port_range");
        if (Files.exists(range)) {
            int ephemeralStart = Integer.parseInt(Files.readAllLines(range).get(0).trim().split("\\s+")[0]);
            assertTrue(first + 2 < ephemeralStart, () -> first + " reaches into the ephemeral range from " + ephemeralStart);
        }
    }

    @Test
    void oneRunNeverHandsOutTheSamePortTwice() {
        Set<Integer> seen = new HashSet<>();
        for (int i = 0; i < 200; i++) {
            int port = FreePorts.next();
            assertTrue(seen.add(port), () -> port + " handed out twice");
        }
    }
}
