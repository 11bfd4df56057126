package io.npuzzle.worker.lifecycle;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

public class ThreadPriorityTest {

    @Test
    void aLoweredThreadRunsAtItsNiceValueAndTheThreadsItStartsInheritIt() throws Exception {
        assumeTrue(Files.isDirectory(Path.of("/proc/thread-self")), "threads have their own priority here");
        int callerBefore = niceOfCurrentThread();
        AtomicInteger lowered = new AtomicInteger(-1);
        AtomicInteger child = new AtomicInteger(-1);
        AtomicReference<Boolean> took = new AtomicReference<>();
        Thread thread = new Thread(() -> {
            took.set(ThreadPriority.lowerCurrentThread(10));
            lowered.set(niceOfCurrentThread());
            Thread started = new Thread(() -> child.set(niceOfCurrentThread()));
            started.start();
            joinQuietly(started);
        });
        thread.start();
        thread.join();

        assumeTrue(took.get(), "renice is installed");
        assertEquals(10, lowered.get());
        assertEquals(10, child.get());
        assertEquals(callerBefore, niceOfCurrentThread(), "the caller keeps its own");
    }

    @Test
    void threadsOfALoweredFactoryTakeItsNiceValueWhoeverStartsThem() throws Exception {
        assumeTrue(Files.isDirectory(Path.of("/proc/thread-self")), "threads have their own priority here");
        AtomicInteger nice = new AtomicInteger(-1);
        Thread thread = ThreadPriority.lowered("lowered-test", ThreadPriority.HEAVY_WORK)
                .newThread(() -> nice.set(niceOfCurrentThread()));
        thread.start();
        thread.join();

        assumeTrue(nice.get() != 0, "renice is installed");
        assertEquals(ThreadPriority.HEAVY_WORK, nice.get());
        assertEquals("lowered-test-1", thread.getName());
        assertTrue(thread.isDaemon(), "a pool's threads never keep the worker running");
    }

    /** Field 19 of /proc/thread-self/stat, after the command name in parentheses. */
    public static int niceOfCurrentThread() {
        try {
            String stat = Files.readString(Path.of("/proc/thread-self/stat"));
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Integer.parseInt(fields[16]);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static void joinQuietly(Thread thread) {
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
