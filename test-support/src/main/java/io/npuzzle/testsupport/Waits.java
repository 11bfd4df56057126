package io.npuzzle.testsupport;

import java.time.Duration;
import java.util.concurrent.locks.LockSupport;

/** The short pause between two readiness probes of a starting server. */
final class Waits {

    private Waits() {
    }

    static void pause(Duration duration) {
        LockSupport.parkNanos(duration.toNanos());
        if (Thread.interrupted()) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for a server to start");
        }
    }
}
