package io.npuzzle.worker.lifecycle;

import org.jboss.logging.Logger;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Lowers the OS priority of the calling thread. Linux sets a nice value per thread (setpriority(2) on a thread id,
 * which {@code renice -p} makes), and threads inherit it from the thread that starts them; where there is no
 * {@code /proc} or no {@code renice}, the thread keeps its priority.
 */
public final class ThreadPriority {

    /**
     * The OS priority of heavy work (heavy jobs' searches, their split searches' tasks, the fast answers held beside
     * them): below quick jobs', so that a machine busy with heavy searches still answers quick jobs at once
     * (bench/fairness, B's 4x4 under A's flood); above background database builds'.
     */
    public static final int HEAVY_WORK = 15;

    /**
     * The OS priority of the quick searches of a client with other quick jobs started on the worker: below the
     * service's work and a quiet client's search, so that the quiet client's 15-puzzle takes most of a core beside a
     * flood's (bench/fairness, B's 4x4, its own search); above heavy work.
     */
    public static final int QUICK_SEARCH = 5;

    private static final Path THREAD_SELF = Path.of("/proc/thread-self");
    private static final Logger LOG = Logger.getLogger(ThreadPriority.class);

    private ThreadPriority() {
    }

    /**
     * Daemon threads named {@code name-N} that each take the nice value before their first work, whichever thread
     * starts them.
     */
    public static ThreadFactory lowered(String name, int nice) {
        AtomicInteger count = new AtomicInteger();
        return work -> {
            Thread thread = new Thread(() -> {
                lowerCurrentThread(nice);
                work.run();
            }, name + "-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }

    /** Gives the calling thread the nice value (0 normal, 19 lowest); says whether it took. */
    public static boolean lowerCurrentThread(int nice) {
        try {
            // "<pid>/task/<tid>", read by the thread itself.
            String threadId = Files.readSymbolicLink(THREAD_SELF).getFileName().toString();
            Process renice = new ProcessBuilder("renice", "-n", Integer.toString(nice), "-p", threadId)
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!renice.waitFor(5, TimeUnit.SECONDS) || renice.exitValue() != 0) {
                renice.destroy();
                LOG.debugf("renice did not lower the priority of thread %s", threadId);
                return false;
            }
            return true;
        } catch (IOException | UnsupportedOperationException e) {
            LOG.debugf("thread %s keeps its priority: %s", Thread.currentThread().getName(), e);
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
