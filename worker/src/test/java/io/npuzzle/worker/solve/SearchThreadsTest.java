package io.npuzzle.worker.solve;

import io.npuzzle.worker.lifecycle.ThreadPriority;
import io.npuzzle.worker.lifecycle.ThreadPriorityTest;
import org.jboss.logging.MDC;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static io.npuzzle.worker.lifecycle.ThreadPriorityTest.niceOfCurrentThread;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class SearchThreadsTest {

    private final SearchThreads threads = new SearchThreads(1);

    @AfterEach
    void close() {
        threads.close();
    }

    @Test
    void aTaskRunsAtHeavyWorksPriorityWhileTheCallerWaits() {
        assumeNicePerThread();
        int callerNice = niceOfCurrentThread();
        Thread caller = Thread.currentThread();

        Thread[] ranOn = new Thread[1];
        int taskNice = threads.runTask(() -> {
            ranOn[0] = Thread.currentThread();
            return niceOfCurrentThread();
        });

        assertNotSame(caller, ranOn[0]);
        assumeTrue(taskNice != callerNice, "renice is installed");
        assertEquals(ThreadPriority.HEAVY_WORK, taskNice);
        assertEquals(callerNice, niceOfCurrentThread(), "the caller keeps its own");
    }

    @Test
    void whatATaskThrowsIsThrownToItsCaller() {
        IllegalStateException thrown = assertThrows(IllegalStateException.class,
                () -> threads.runTask(() -> {
                    throw new IllegalStateException("broken on purpose");
                }));
        assertEquals("broken on purpose", thrown.getMessage());
        assertThrows(StackOverflowError.class, () -> threads.runTask(() -> {
            throw new StackOverflowError("on purpose");
        }));
    }

    @Test
    void theFastAnswersBesideASplitSearchAreFoundAtHeavyWorksPriority() throws Exception {
        assumeNicePerThread();
        int callerNice = niceOfCurrentThread();

        int nice = CompletableFuture.supplyAsync(ThreadPriorityTest::niceOfCurrentThread, threads.fastAnswers())
                .get(10, TimeUnit.SECONDS);

        assumeTrue(nice != callerNice, "renice is installed");
        assertEquals(ThreadPriority.HEAVY_WORK, nice);
    }

    @Test
    void aQuickSearchRunsAtItsPriorityWhileTheCallerWaitsInTheCallersLogContext() {
        assumeNicePerThread();
        int callerNice = niceOfCurrentThread();
        MDC.put("jobId", "job-1");
        try {
            Object[] logContext = new Object[1];
            int searchNice = threads.runQuickSearch(() -> {
                logContext[0] = MDC.get("jobId");
                return niceOfCurrentThread();
            });

            assertEquals("job-1", logContext[0]);
            assumeTrue(searchNice != callerNice, "renice is installed");
            assertEquals(ThreadPriority.QUICK_SEARCH, searchNice);
            assertEquals(callerNice, niceOfCurrentThread(), "the caller keeps its own");
        } finally {
            MDC.remove("jobId");
        }
    }

    private static void assumeNicePerThread() {
        assumeTrue(Files.isDirectory(Path.of("/proc/thread-self")), "threads have their own priority here");
        assumeTrue(niceOfCurrentThread() < ThreadPriority.HEAVY_WORK, "the test runs above heavy work's priority");
    }
}
