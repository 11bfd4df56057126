package io.npuzzle.containers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;

/** A TCP port of this machine that nothing listens on right now. */
final class FreePorts {

    private FreePorts() {
    }

    static int next() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
