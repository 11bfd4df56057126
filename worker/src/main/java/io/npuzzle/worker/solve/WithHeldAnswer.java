package io.npuzzle.worker.solve;

import io.npuzzle.core.model.DatabaseWait;
import io.npuzzle.core.model.ProgressListener;
import io.npuzzle.core.model.SearchProgress;
import io.npuzzle.core.search.Incumbent;

/**
 * The progress of a split search with the length of the answer its {@link Incumbent} holds, which is found beside
 * it: each report carries it, and an answer found is reported at once with the search's last figures, not on its
 * next report. One report at a time, so that a report without the answer never follows one with it.
 */
final class WithHeldAnswer implements ProgressListener {

    private final ProgressListener progress;
    private final Incumbent incumbent;
    private final long startNanos;
    private SearchProgress last;
    private boolean closed;

    WithHeldAnswer(ProgressListener progress, Incumbent incumbent, long startNanos) {
        this.progress = progress;
        this.incumbent = incumbent;
        this.startNanos = startNanos;
    }

    @Override
    public synchronized void report(SearchProgress reported) {
        last = reported;
        progress.report(new SearchProgress(reported.bound(), reported.nodes(), reported.elapsedMillis(),
                reported.tasksDone(), reported.tasks(), reported.workers(),
                Math.max(reported.lowerBound(), incumbent.lowerBound()), incumbent.length()));
    }

    /**
     * Reports the answer the incumbent now holds, with the search's last figures (its start's before any); nothing
     * once the search has ended, nor within {@link ProgressListener#LEAST_GAP} of its start, as a search's own pace
     * has it, so that a quick job writes no progress (the search's next report shows that answer).
     */
    synchronized void answerFound() {
        long elapsedNanos = System.nanoTime() - startNanos;
        if (closed || elapsedNanos < ProgressListener.LEAST_GAP.toNanos()) {
            return;
        }
        long elapsedMillis = elapsedNanos / 1_000_000;
        report(last != null ? last : new SearchProgress(incumbent.lowerBound(), 0, elapsedMillis));
    }

    /** The search has ended: an answer found after it is the job's outcome's business, not its progress's. */
    synchronized void close() {
        closed = true;
    }

    /** Whether the search still runs, so that a better answer is worth looking for. */
    synchronized boolean open() {
        return !closed;
    }

    @Override
    public void waiting(DatabaseWait wait) {
        progress.waiting(wait);
    }
}
