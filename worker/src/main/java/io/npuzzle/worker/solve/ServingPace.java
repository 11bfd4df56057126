package io.npuzzle.worker.solve;

import io.npuzzle.core.pdb.BuildPace;
import io.npuzzle.worker.config.WorkerConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * The pace of this worker's background database builds: they give way while it searches, and until it has been
 * without searches for a while, so that a build takes no processor time from the jobs it serves. A search that
 * waits for a database makes the build go at full speed whatever this pace says ({@code DatabasePreparation}).
 */
@ApplicationScoped
public class ServingPace implements BuildPace {

    private final long resumeAfterNanos;
    private final LongSupplier clock;
    private final AtomicInteger searching = new AtomicInteger();
    private volatile long lastEnded;

    @Inject
    ServingPace(WorkerConfig config) {
        this(config.databases().buildResumesAfter(), System::nanoTime);
    }

    /** @param clock nanoseconds, as {@link System#nanoTime()} counts them */
    ServingPace(Duration resumeAfter, LongSupplier clock) {
        this.resumeAfterNanos = resumeAfter.toNanos();
        this.clock = clock;
        this.lastEnded = clock.getAsLong() - resumeAfterNanos;
    }

    /** Runs a search of this worker's: builds give way while it runs, and for a while after. */
    public <T> T serve(Supplier<T> search) {
        searching.incrementAndGet();
        try {
            return search.get();
        } finally {
            lastEnded = clock.getAsLong();
            searching.decrementAndGet();
        }
    }

    @Override
    public boolean givesWay() {
        return searching.get() > 0 || clock.getAsLong() - lastEnded < resumeAfterNanos;
    }
}
