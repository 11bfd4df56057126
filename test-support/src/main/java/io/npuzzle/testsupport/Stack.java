package io.npuzzle.testsupport;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Stops of a whole running stack, as scripts, CI runners and impatient people stop one. */
public final class Stack {

    private Stack() {
    }

    /**
     * Sends SIGTERM to every process at once, as a signal to their process group does, and SIGKILL to those still
     * running after {@code grace}: no process waits for another, so the apps may lose the broker before they leave
     * their consumer groups.
     */
    public static void stopUncleanly(List<ProcessHandle> processes, Duration grace) {
        processes.forEach(ProcessHandle::destroy);
        long deadline = System.nanoTime() + grace.toNanos();
        for (ProcessHandle process : processes) {
            long left = Math.max(0, deadline - System.nanoTime());
            try {
                process.onExit().get(left, TimeUnit.NANOSECONDS);
            } catch (Exception stillRunning) {
                process.destroyForcibly();
            }
        }
        for (ProcessHandle process : processes) {
            process.onExit().orTimeout(10, TimeUnit.SECONDS).exceptionally(e -> process).join();
        }
    }
}
