package io.npuzzle.worker.search;

import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.model.ProgressListener;
import io.npuzzle.core.search.Frontier;
import io.npuzzle.core.search.SubtreeOutcome;
import io.npuzzle.core.search.SubtreeSearch;
import io.npuzzle.protocol.SearchTask;
import io.npuzzle.protocol.SearchTaskResult;
import io.npuzzle.worker.lifecycle.GracefulStop;
import io.npuzzle.worker.lifecycle.WorkerIdentity;
import io.npuzzle.worker.metrics.WorkerMetrics;
import io.npuzzle.worker.solve.BudgetedSolver;
import io.npuzzle.worker.solve.ServingPace;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * Searches one task of a split search and records its result, so that its coordinator, or whoever takes the
 * search over, finds it. Redelivered tasks are searched again and change nothing: the first result of each task
 * stands. Tasks of searches that ended are dropped, and so are tasks after one that found a solution, even in the
 * middle of their search ({@link SolvedBefore}); tasks of an iteration their search has left are refused.
 */
@ApplicationScoped
public class TaskRunner {

    private static final Logger LOG = Logger.getLogger(TaskRunner.class);

    private final BudgetedSolver solver;
    private final SplitSearchStore store;
    private final SearchMessages messages;
    private final EndedSearches ended;
    private final GracefulStop stop;
    private final WorkerMetrics metrics;
    private final ServingPace pace;
    private final String workerId;

    TaskRunner(BudgetedSolver solver, SplitSearchStore store, SearchMessages messages, EndedSearches ended,
               GracefulStop stop, WorkerMetrics metrics, ServingPace pace, WorkerIdentity identity) {
        this.solver = solver;
        this.store = store;
        this.messages = messages;
        this.ended = ended;
        this.stop = stop;
        this.metrics = metrics;
        this.pace = pace;
        this.workerId = identity.id();
    }

    public TaskVerdict run(SearchTask task) {
        String searchId = task.searchId();
        Optional<Iteration> current = ended.hasEnded(searchId) ? Optional.empty() : store.current(searchId);
        if (current.isEmpty()) {
            return skipped("its search has ended");
        }
        if (current.get().bound() != task.bound()) {
            return new TaskVerdict.Refused("stale task: bound " + task.bound() + ", its search is at bound "
                    + current.get().bound());
        }
        SolvedBefore solvedBefore = new SolvedBefore(store, searchId, task.index(), current.get().solvedTask());
        if (solvedBefore.found()) {
            return skippedAfterSolution(solvedBefore);
        }
        Optional<SubtreeSearch> search;
        try {
            search = solver.subtreeSearch(Puzzle.parse(task.board(), task.rows(), task.cols(), task.goal()));
        } catch (IllegalArgumentException e) {
            return new TaskVerdict.Refused("invalid board: " + e.getMessage());
        }
        if (search.isEmpty()) {
            return new TaskVerdict.Refused("no split search here for this puzzle (unsolvable, solved, or no"
                    + " pattern databases for its shape)");
        }
        BooleanSupplier stopped = () -> ended.hasEnded(searchId) || stop.stopping() || solvedBefore.getAsBoolean();
        SubtreeOutcome outcome;
        long startNanos = System.nanoTime();
        try {
            SubtreeSearch subtree = search.get();
            outcome = pace.serve(() -> subtree.search(task.bound(), task.roots(), stopped, ProgressListener.NONE));
        } catch (IllegalArgumentException e) {
            return new TaskVerdict.Refused(e.getMessage());
        }
        if (outcome.stopped()) {
            metrics.taskSearched(TaskEnd.STOPPED, outcome.nodes());
            if (ended.hasEnded(searchId)) {
                return skipped("its search ended meanwhile");
            }
            if (solvedBefore.found()) {
                return skippedAfterSolution(solvedBefore);
            }
            return new TaskVerdict.Left();
        }
        Integer least = outcome.solved() || outcome.leastExceeded() == Frontier.NONE ? null : outcome.leastExceeded();
        SearchTaskResult result = new SearchTaskResult(searchId, task.bound(), task.index(), outcome.solution(),
                least, outcome.nodes(), outcome.rootNodes(), outcome.rootApproaches(), workerId);
        long searchedNanos = System.nanoTime();
        store.record(result);
        messages.publish(result);
        metrics.taskSearched(outcome.solved() ? TaskEnd.SOLVED : TaskEnd.EXHAUSTED, outcome.nodes());
        LOG.debugf("task %d of search %s at bound %d: %d nodes in %d ms, recorded in %d ms", task.index(), searchId,
                task.bound(), outcome.nodes(), (searchedNanos - startNanos) / 1_000_000,
                (System.nanoTime() - searchedNanos) / 1_000_000);
        return new TaskVerdict.Searched(outcome.solved(), outcome.nodes());
    }

    private TaskVerdict skippedAfterSolution(SolvedBefore solvedBefore) {
        return skipped("task " + solvedBefore.solvedTask().getAsInt() + " before it found a solution");
    }

    private TaskVerdict skipped(String why) {
        metrics.taskSearched(TaskEnd.SKIPPED, 0);
        return new TaskVerdict.Skipped(why);
    }
}
