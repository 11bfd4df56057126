package io.npuzzle.worker.search;

import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.board.Shape;
import io.npuzzle.core.model.ProgressListener;
import io.npuzzle.core.model.SolveResult;
import io.npuzzle.core.search.Incumbent;
import io.npuzzle.core.search.SubtreeSearch;
import io.npuzzle.protocol.Quality;
import io.npuzzle.protocol.SearchIds;
import io.npuzzle.worker.config.WorkerConfig;
import io.npuzzle.worker.lifecycle.WorkerIdentity;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * Optimal searches that grow long become everyone's: this worker coordinates them ({@link Coordination}) and
 * every worker, this one included, searches their tasks ({@link TaskRunner}). One search per puzzle and quality, so
 * that whoever holds the puzzle's solve lock next takes a search over where its coordinator left it.
 */
@ApplicationScoped
public class SplitSearches {

    private final WorkerConfig.Search config;
    private final Duration splitAfter;
    private final SplitSearchStore store;
    private final SearchMessages messages;
    private final HeardResults heard;
    private final String workerId;

    @Inject
    SplitSearches(WorkerConfig config, SplitSearchStore store, SearchMessages messages, HeardResults heard,
                  WorkerIdentity identity) {
        this.config = config.search();
        this.splitAfter = config.splitAfter();
        this.store = store;
        this.messages = messages;
        this.heard = heard;
        this.workerId = identity.id();
    }

    /** Whether long optimal searches are shared here at all. */
    public boolean enabled() {
        return config.split();
    }

    /**
     * Solves the puzzle optimally: alone for {@code split-after}, then shared, or at once shared when its search
     * was split before (by a worker that has since stopped).
     *
     * @param onSplit   called once the search is shared, when this thread only waits for the tasks' results
     * @param incumbent an answer found beside the search, which ends it once an iteration's bound reaches its length
     */
    public SolveResult solve(Puzzle puzzle, Quality quality, SubtreeSearch search, BooleanSupplier cancelled,
                             ProgressListener progress, Runnable onSplit, Incumbent incumbent) {
        String puzzleSearchName = SearchIds.ofPuzzle(puzzle.canonicalKey(), quality);
        return new Coordination(this, puzzleSearchName, puzzle, search, cancelled, progress, onSplit,
                maxTime(puzzle.shape(), quality), incumbent).run();
    }

    /** The client's deadline where it set one, else the shape's budget, else that of every split search. */
    public Duration maxTime(Shape shape, Quality quality) {
        if (quality.maxSeconds() != null) {
            return Duration.ofSeconds(quality.maxSeconds());
        }
        WorkerConfig.Search.ShapeBudget budget = config.shapes().get(shape.toString());
        return budget != null ? budget.maxTime() : config.maxTime();
    }

    int tasksPerIteration() {
        return Math.max(1, config.tasks());
    }

    long taskNodes() {
        return Math.max(1, config.taskNodes());
    }

    int tasksPerWorker() {
        return Math.max(1, config.tasksPerWorker());
    }

    Duration splitAfter() {
        return splitAfter;
    }

    SplitSearchStore store() {
        return store;
    }

    SearchMessages messages() {
        return messages;
    }

    HeardResults heardResults() {
        return heard;
    }

    String workerId() {
        return workerId;
    }
}
