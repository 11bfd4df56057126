package io.npuzzle.core.search;

import io.npuzzle.core.model.Outcome;
import io.npuzzle.core.model.ProgressListener;
import io.npuzzle.core.model.SearchProgress;

import java.util.concurrent.atomic.AtomicLong;

/**
 * What all threads of one depth-first search share: the start, the budget, the node count, why it stopped, and
 * the progress reports (at most one per {@link ProgressListener#INTERVAL_MILLIS}, from whichever thread passes a
 * checkpoint first).
 */
final class SearchRun {

    final byte[] start;
    final Budget budget;
    final AtomicLong nodes = new AtomicLong();
    volatile Outcome stop;
    volatile int bound;
    private final ProgressListener progress;
    private final long startNanos;
    private final AtomicLong nextReport;

    SearchRun(byte[] start, Budget budget, ProgressListener progress, long startNanos) {
        this.start = start;
        this.budget = budget;
        this.progress = progress;
        this.startNanos = startNanos;
        this.nextReport = new AtomicLong(startNanos + ProgressListener.INTERVAL_MILLIS * 1_000_000L);
    }

    /** Reports progress when the interval has passed since the last report. */
    void maybeReport(long totalNodes) {
        long now = System.nanoTime();
        long due = nextReport.get();
        if (now - due >= 0 && nextReport.compareAndSet(due, now + ProgressListener.INTERVAL_MILLIS * 1_000_000L)) {
            progress.report(new SearchProgress(bound, totalNodes, (now - startNanos) / 1_000_000));
        }
    }
}
