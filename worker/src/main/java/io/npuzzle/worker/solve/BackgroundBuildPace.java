package io.npuzzle.worker.solve;

import io.npuzzle.core.pdb.BuildPace;
import io.npuzzle.worker.lifecycle.ThreadPriority;

import java.time.Duration;
import java.util.Optional;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * The pace of a background database build, which runs on the processor time the machine leaves idle: each thread
 * that asks it first drops to the lowest OS priority, and the build gives way while this worker searches
 * ({@link ServingPace}) or while the machine's processors are busy with other work at normal priority, whichever
 * process does it (the API, Redis, the broker, other workers), and until they have been quiet for the time that
 * {@link ServingPace} waits after a search too. A lowered priority alone leaves the build the
 * processors' caches and memory bandwidth; a pause leaves them whole. Where the OS keeps thread priorities to
 * itself ({@link ThreadPriority}), the build gives way to this worker's searches only.
 */
final class BackgroundBuildPace implements BuildPace {

    /** The lowest priority there is: a busy processor gives such a thread the least share of its time. */
    static final int NICE = 19;
    /**
     * The share of the machine's processor time that other work may take before the build gives way: above what an
     * idle service stack spends (the broker's and the consumers' polls), below a steady load of quick jobs
     * ({@code bench/load} while the worker builds).
     */
    static final double BUSY_SHARE = 0.25;
    /** How often the machine's processor times are read: each window decides the build's pace for the next. */
    static final Duration LOOK = Duration.ofMillis(100);

    private final BuildPace serving;
    private final long resumeAfterNanos;
    private final Supplier<Optional<ProcessorTimes>> times;
    private final LongSupplier clock;
    private final ThreadLocal<Boolean> lowered = ThreadLocal.withInitial(() -> false);
    private Optional<ProcessorTimes> lastTimes;
    private long lookedAt;
    private volatile long lastBusy;

    /** @param resumeAfter how long the machine must have been quiet before a build that gave way goes on */
    BackgroundBuildPace(BuildPace serving, Duration resumeAfter) {
        this(serving, resumeAfter, ProcessorTimes::read, System::nanoTime);
    }

    /** @param clock nanoseconds, as {@link System#nanoTime()} counts them */
    BackgroundBuildPace(BuildPace serving, Duration resumeAfter, Supplier<Optional<ProcessorTimes>> times,
                        LongSupplier clock) {
        this.serving = serving;
        this.resumeAfterNanos = resumeAfter.toNanos();
        this.times = times;
        this.clock = clock;
        this.lastTimes = times.get();
        this.lookedAt = clock.getAsLong();
        this.lastBusy = lookedAt - resumeAfterNanos;
    }

    @Override
    public boolean givesWay() {
        if (!lowered.get()) {
            lowered.set(true);
            ThreadPriority.lowerCurrentThread(NICE);
        }
        return serving.givesWay() || machineBusy();
    }

    /**
     * Whether other work took more than {@link #BUSY_SHARE} of the processors in a window that ended less than the
     * resume time ago.
     */
    private boolean machineBusy() {
        long now = clock.getAsLong();
        if (now - lookedAt >= LOOK.toNanos()) {
            synchronized (this) {
                if (now - lookedAt >= LOOK.toNanos()) {
                    Optional<ProcessorTimes> current = times.get();
                    if (current.isPresent() && lastTimes.isPresent()
                            && current.get().foregroundShareSince(lastTimes.get()) > BUSY_SHARE) {
                        lastBusy = now;
                    }
                    lastTimes = current;
                    lookedAt = now;
                }
            }
        }
        return now - lastBusy < resumeAfterNanos;
    }
}
