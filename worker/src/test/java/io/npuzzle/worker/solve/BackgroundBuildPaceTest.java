package io.npuzzle.worker.solve;

import io.npuzzle.core.pdb.BuildPace;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class BackgroundBuildPaceTest {

    private static final Path THREAD_SELF_STAT = Path.of("/proc/thread-self/stat");
    private static final long LOOK_NANOS = BackgroundBuildPace.LOOK.toNanos();

    private final AtomicLong now = new AtomicLong(1_000_000_000L);
    private final AtomicReference<Optional<ProcessorTimes>> times =
            new AtomicReference<>(Optional.of(new ProcessorTimes(0, 0)));
    private final AtomicBoolean searching = new AtomicBoolean();
    private static final Duration RESUME_AFTER = Duration.ofMillis(250);

    private final BackgroundBuildPace pace = new BackgroundBuildPace(searching::get, RESUME_AFTER, times::get, now::get);

    @Test
    void aBuildGoesOnWhileOtherWorkTakesLittleOfTheMachine() {
        elapse(new ProcessorTimes(2, 20));
        assertFalse(asked());
    }

    @Test
    void aBuildGivesWayAfterAWindowInWhichOtherWorkTookMoreThanItsShareUntilTheMachineHasBeenQuietAWhile() {
        elapse(new ProcessorTimes(10, 20));
        assertTrue(asked());
        elapse(new ProcessorTimes(10, 40));
        assertTrue(asked(), "quiet for one window only");
        now.addAndGet(RESUME_AFTER.toNanos());
        assertFalse(asked(), "quiet for the resume time");
    }

    @Test
    void aBuildGivesWayWhileThisWorkerSearchesHoweverIdleTheMachine() {
        elapse(new ProcessorTimes(0, 20));
        searching.set(true);
        assertTrue(asked());
    }

    @Test
    void whereProcessorTimesCannotBeReadOnlyThisWorkersSearchesPauseABuild() {
        times.set(Optional.empty());
        now.addAndGet(LOOK_NANOS);
        assertFalse(asked());
    }

    @Test
    void theCpuLineCountsNicedIdleAndWaitingTimeOutOfTheForeground() {
        ProcessorTimes read = ProcessorTimes.parse("cpu  100 7000 30 5000 400 2 3 4 0 0");
        assertEquals(100 + 30 + 2 + 3 + 4, read.foreground());
        assertEquals(100 + 7000 + 30 + 5000 + 400 + 2 + 3 + 4, read.total());
        assertEquals(0.5, new ProcessorTimes(60, 140).foregroundShareSince(new ProcessorTimes(10, 40)));
        assertTrue(ProcessorTimes.read().isPresent() || !Files.exists(Path.of("/proc/stat")));
    }

    @Test
    void aThreadThatAsksThePaceRunsAtTheLowestPriorityAndOtherThreadsKeepTheirs() throws Exception {
        assumeTrue(Files.isReadable(THREAD_SELF_STAT), "Linux's per-thread nice values");
        int before = niceOfThisThread();
        assumeTrue(before < BackgroundBuildPace.NICE, "a test run below the lowest priority");
        AtomicInteger builderNice = new AtomicInteger(before);
        Thread builder = new Thread(() -> {
            try {
                pace.givesWay();
                builderNice.set(niceOfThisThread());
            } catch (IOException e) {
                throw new AssertionError(e);
            }
        });
        builder.start();
        builder.join();
        assertEquals(BackgroundBuildPace.NICE, builderNice.get(), "the build thread's nice value");
        assertEquals(before, niceOfThisThread(), "a thread that never asked keeps its priority");
    }

    /** The pace's answer to a thread of its own, as a build thread asks it: the asking thread's priority drops. */
    private boolean asked() {
        AtomicBoolean givesWay = new AtomicBoolean();
        Thread builder = new Thread(() -> givesWay.set(pace.givesWay()));
        builder.start();
        try {
            builder.join();
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
        return givesWay.get();
    }

    /** Moves the clock one window on, the machine's times having reached those given. */
    private void elapse(ProcessorTimes reached) {
        now.addAndGet(LOOK_NANOS);
        times.set(Optional.of(reached));
    }

    /** Field 19 of the calling thread's stat line: its nice value. */
    private static int niceOfThisThread() throws IOException {
        String stat = Files.readString(THREAD_SELF_STAT);
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Integer.parseInt(fields[19 - 3]);
    }
}
