package io.npuzzle.core.search;

import io.npuzzle.core.model.Outcome;
import io.npuzzle.core.model.ProgressListener;
import io.npuzzle.core.model.SearchProgress;

import java.util.concurrent.atomic.AtomicLong;

/**
 * What all threads of one depth-first search share: the start, the budget, the node count, why it stopped, the
 * solve's {@link Incumbent}, and the progress reports (at most one per {@link ProgressListener#INTERVAL_MILLIS},
 * from whichever thread passes a checkpoint first, and one as soon as the quick answer is there).
 */
final class SearchRun {

    /**
     * Nodes after which a search asks for the quick answer, about a twentieth of a second of IDA*: a search that
     * ends sooner never waits for one.
     */
    static final long QUICK_ANSWER_NODES = 1_000_000;

    final byte[] start;
    final Budget budget;
    final Incumbent incumbent;
    final AtomicLong nodes = new AtomicLong();
    volatile Outcome stop;
    volatile int bound;
    private final ProgressListener progress;
    private final long startNanos;
    private final AtomicLong nextReport;

    SearchRun(byte[] start, Budget budget, ProgressListener progress, long startNanos, Incumbent incumbent) {
        this.start = start;
        this.budget = budget;
        this.progress = progress;
        this.startNanos = startNanos;
        this.incumbent = incumbent;
        this.nextReport = new AtomicLong(startNanos + ProgressListener.INTERVAL_MILLIS * 1_000_000L);
    }

    /** Asks for the quick answer once the search has expanded {@link #QUICK_ANSWER_NODES}, and reports it at once. */
    void maybeAskQuickAnswer(long totalNodes) {
        if (totalNodes >= QUICK_ANSWER_NODES && !incumbent.askedFor() && incumbent.ask()) {
            report(System.nanoTime(), totalNodes);
        }
    }

    /** Reports progress when the interval has passed since the last report. */
    void maybeReport(long totalNodes) {
        long now = System.nanoTime();
        long due = nextReport.get();
        if (now - due >= 0 && nextReport.compareAndSet(due, now + ProgressListener.INTERVAL_MILLIS * 1_000_000L)) {
            report(now, totalNodes);
        }
    }

    /** One report at a time, so that a listener never hears two threads at once. */
    private synchronized void report(long now, long totalNodes) {
        progress.report(new SearchProgress(bound, totalNodes, (now - startNanos) / 1_000_000, 0, 0, 0,
                incumbent.lowerBound(), incumbent.length()));
    }
}
