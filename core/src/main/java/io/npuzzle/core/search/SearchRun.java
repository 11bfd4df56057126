package io.npuzzle.core.search;

import io.npuzzle.core.model.Outcome;
import io.npuzzle.core.model.ProgressListener;
import io.npuzzle.core.model.ProgressPace;
import io.npuzzle.core.model.SearchProgress;

import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What all threads of one depth-first search share: the start, the budget, the node count, why it stopped, the
 * solve's {@link Incumbent}, and the progress reports, paced by one {@link ProgressPace} and made by whichever thread
 * passes a checkpoint when one is due.
 */
final class SearchRun {

    /**
     * Nodes after which a search of a board not estimated hard ({@link Incumbent#HARD_ESTIMATE}) asks for the quick
     * answer, about a twentieth of a second of IDA*: a search that ends sooner never waits for one.
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
    private final ProgressPace pace;

    SearchRun(byte[] start, Budget budget, ProgressListener progress, long startNanos, Incumbent incumbent) {
        this.start = start;
        this.budget = budget;
        this.progress = progress;
        this.startNanos = startNanos;
        this.incumbent = incumbent;
        this.pace = new ProgressPace(startNanos);
    }

    /**
     * Asks for the next quick answer when it is due ({@link Incumbent#askDue}) and the answer held has been
     * reported, so that clients see each answer before the search spends time on a better one; reports it when due.
     */
    void maybeAskQuickAnswer(long totalNodes) {
        if (incumbent.askDue(totalNodes >= QUICK_ANSWER_NODES) && pace.shows(incumbent.length())
                && incumbent.ask()) {
            maybeReport(totalNodes);
        }
    }

    /** Reports progress when the pace says a report is due. */
    void maybeReport(long totalNodes) {
        long now = System.nanoTime();
        int lowerBound = incumbent.lowerBound();
        OptionalInt best = incumbent.length();
        if (pace.due(now, lowerBound, best)) {
            report(now, totalNodes, lowerBound, best);
        }
    }

    /** One report at a time, so that a listener never hears two threads at once. */
    private synchronized void report(long now, long totalNodes, int lowerBound, OptionalInt best) {
        progress.report(new SearchProgress(bound, totalNodes, (now - startNanos) / 1_000_000, 0, 0, 0, lowerBound,
                best));
    }
}
