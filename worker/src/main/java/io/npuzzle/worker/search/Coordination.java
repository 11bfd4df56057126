package io.npuzzle.worker.search;

import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.model.Algorithm;
import io.npuzzle.core.model.Limit;
import io.npuzzle.core.model.Outcome;
import io.npuzzle.core.model.ProgressListener;
import io.npuzzle.core.model.ProgressPace;
import io.npuzzle.core.model.SearchProgress;
import io.npuzzle.core.model.SolveResult;
import io.npuzzle.core.model.Strategy;
import io.npuzzle.core.search.Frontier;
import io.npuzzle.core.search.Incumbent;
import io.npuzzle.core.search.SubtreeHistory;
import io.npuzzle.core.search.SubtreeOutcome;
import io.npuzzle.core.search.SubtreeSearch;
import io.npuzzle.protocol.SearchIds;
import io.npuzzle.protocol.SearchTask;
import io.npuzzle.protocol.SearchTaskResult;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.BooleanSupplier;

/**
 * One optimal search as its coordinator runs it: alone until it has run {@code splitAfter}, then iteration by
 * iteration, each cut at a frontier into tasks that every worker takes from the tasks topic, their results
 * gathered as they are heard on the results topic and from Redis. The frontier's subtrees are taken nearest and
 * busiest first by what they met in the iteration before, as one process's IDA* takes its own
 * ({@link SubtreeHistory}): the last iteration meets its first solution sooner; tasks hold about equal expected
 * nodes ({@link RootRuns}), so the largest subtrees make tasks of their own. The answer is the first solution in
 * task order, each task's the first in its roots' order, whoever searched what. The current iteration, with each
 * task's roots, lives in Redis, so a worker that gets the job after this one died takes the search over there and
 * sends the same tasks.
 */
final class Coordination {

    private static final Logger LOG = Logger.getLogger(Coordination.class);
    private static final Strategy STRATEGY = Strategy.of(Algorithm.IDA_STAR_PDB);
    /** How long the coordinator waits for a result to be heard before it reads them all from Redis. */
    private static final Duration LOOK_AGAIN = Duration.ofMillis(250);
    /** How often it reads them all from Redis while results keep being heard, for any that was not. */
    private static final Duration READ_AGAIN = Duration.ofSeconds(2);
    /** Frontier nodes per task at the most tasks: a few, so that tasks differ less in size than single subtrees do. */
    static final int ROOTS_PER_TASK = 4;

    private final SplitSearches searches;
    private final String puzzleSearchName;
    private String searchId;
    private final Puzzle puzzle;
    private final SubtreeSearch search;
    private final BooleanSupplier cancelled;
    private final ProgressListener progress;
    /** Called once the search is split, when this thread only waits for the tasks' results. */
    private final Runnable onSplit;
    /** The search's budget from its start, which a coordinator taking it over keeps. */
    private final Duration maxTime;
    /** An answer found beside the search: an iteration whose bound reaches its length need not run. */
    private final Incumbent incumbent;
    private final long startNanos = System.nanoTime();
    private long startedMillis;
    private long nodes;
    private int bound;
    private final TaskCuts cuts;
    private final SubtreeHistory history = new SubtreeHistory();
    /** The tasks' roots of an iteration taken over, as its coordinator cut them; empty otherwise. */
    private List<List<String>> takenOverRuns = List.of();
    private final PartitionHolders holders = new PartitionHolders();
    /** Reports each iteration's bound as it starts, and its tasks' progress each interval. */
    private final ProgressPace pace = new ProgressPace(startNanos);

    Coordination(SplitSearches searches, String puzzleSearchName, Puzzle puzzle, SubtreeSearch search,
                 BooleanSupplier cancelled, ProgressListener progress, Runnable onSplit, Duration maxTime,
                 Incumbent incumbent) {
        this.searches = searches;
        this.puzzleSearchName = puzzleSearchName;
        this.puzzle = puzzle;
        this.search = search;
        this.cancelled = cancelled;
        this.progress = progress;
        this.onSplit = onSplit;
        this.maxTime = maxTime;
        this.incumbent = incumbent;
        this.cuts = new TaskCuts(searches.tasksPerIteration(), searches.taskNodes());
    }

    SolveResult run() {
        Optional<String> running = searches.store().searchOf(puzzleSearchName);
        Optional<Iteration> stored = running.flatMap(id -> searches.store().current(id));
        if (stored.isPresent()) {
            searchId = running.get();
            Iteration iteration = stored.get();
            LOG.infof("taking split search %s over at bound %d (cut by %s)", searchId, iteration.bound(),
                    iteration.coordinator());
            bound = iteration.bound();
            takenOverRuns = searches.store().taskRoots(searchId);
            if (takenOverRuns.isEmpty()) {
                cuts.takenOver(iteration.tasks()); // recorded without its tasks' roots: cut the frontier as it was
            }
            nodes = iteration.nodes();
            startedMillis = iteration.startedMillis();
        } else {
            searchId = SearchIds.random();
            startedMillis = System.currentTimeMillis();
            SolveResult alone = alone();
            if (alone != null) {
                return alone;
            }
            LOG.infof("splitting search %s at bound %d after %d nodes", searchId, bound, nodes);
        }
        onSplit.run();
        searches.heardResults().follow(searchId);
        try {
            return splitIterations();
        } finally {
            searches.heardResults().forget(searchId);
        }
    }

    /**
     * Iterations on this worker alone until {@code splitAfter}; null when the search is to be split. Each is cut at
     * a frontier as the shared ones are and searched nearest and busiest first, so that the first shared iteration,
     * often the last, has the one before to go by.
     */
    private SolveResult alone() {
        long splitAt = startNanos + searches.splitAfter().toNanos();
        BooleanSupplier stop = () -> cancelled.getAsBoolean() || System.nanoTime() - splitAt > 0;
        bound = search.firstBound();
        while (true) {
            if (heldAnswerProven()) {
                return incumbent.provenAnswer(nodes, nanos());
            }
            long before = nodes;
            Frontier frontier = search.frontier(bound, frontierWanted(), stop);
            nodes += frontier.nodes();
            if (frontier.solution() != null) {
                return SolveResult.solved(frontier.solution(), true, nodes, nanos(), STRATEGY);
            }
            if (frontier.stopped()) {
                return cancelled.getAsBoolean() ? unsolved(Outcome.CANCELLED, null) : null;
            }
            List<String> roots = history.order(frontier.roots());
            long listed = nodes;
            SubtreeOutcome outcome = search.search(bound, roots, stop, reported -> progress.report(
                    new SearchProgress(reported.bound(), listed + reported.nodes(), elapsedMillis())));
            nodes += outcome.nodes();
            if (outcome.solved()) {
                return SolveResult.solved(outcome.solution(), true, nodes, nanos(), STRATEGY);
            }
            if (outcome.stopped()) {
                return cancelled.getAsBoolean() ? unsolved(Outcome.CANCELLED, null) : null;
            }
            cuts.ended(nodes - before);
            history.remember(roots, outcome.rootNodes().stream().mapToLong(Long::longValue).toArray(),
                    outcome.rootApproaches().stream().mapToLong(Long::longValue).toArray());
            bound = search.nextBound(Math.min(frontier.leastExceeded(), outcome.leastExceeded()));
            if (SubtreeSearch.beyondReach(bound)) {
                return unsolved(Outcome.BUDGET_EXCEEDED, Limit.DEPTH);
            }
        }
    }

    /** Frontier nodes an iteration is cut at: a few per task at the most tasks. */
    private int frontierWanted() {
        return searches.tasksPerIteration() * ROOTS_PER_TASK;
    }

    /** Iterations cut into tasks that every worker takes, until one decides the search; the search then ends. */
    private SolveResult splitIterations() {
        while (true) {
            if (heldAnswerProven()) {
                return ended(incumbent.provenAnswer(nodes, nanos()));
            }
            long before = nodes;
            Frontier frontier = search.frontier(bound, frontierWanted(), cancelled);
            nodes += frontier.nodes();
            if (frontier.stopped()) {
                return ended(unsolved(Outcome.CANCELLED, null));
            }
            if (frontier.solution() != null) {
                return ended(SolveResult.solved(frontier.solution(), true, nodes, nanos(), STRATEGY));
            }
            List<List<String>> runs = takenOverRuns.isEmpty() ? runs(frontier.roots()) : takenOverRuns;
            takenOverRuns = List.of();
            List<SearchTask> tasks = tasks(runs);
            searches.store().begin(puzzleSearchName, searchId, new Iteration(bound, frontier.depth(), tasks.size(),
                    nodes, startedMillis, searches.workerId()), runs);
            LOG.debugf("search %s at bound %d: %d tasks", searchId, bound, tasks.size());
            Map<Integer, SearchTaskResult> results = awaitResults(new TaskWindow(tasks,
                    searches.messages().taskPartitions(), searches.tasksPerWorker(), holders), tasks.size());
            if (results == null) {
                // Every iteration below this bound failed: no answer is shorter.
                return ended(cancelled.getAsBoolean() ? unsolved(Outcome.CANCELLED, null)
                        : unsolved(Outcome.BUDGET_EXCEEDED, Limit.TIME).withLowerBound(bound));
            }
            LOG.debugf("search %s at bound %d: %d results in", searchId, bound, results.size());
            int least = frontier.leastExceeded();
            SearchTaskResult first = null;
            for (SearchTaskResult result : results.values()) {
                nodes += result.nodes();
                if (result.solved() && (first == null || result.index() < first.index())) {
                    first = result;
                }
                if (result.leastExceeded() != null) {
                    least = Math.min(least, result.leastExceeded());
                }
            }
            cuts.ended(nodes - before);
            if (first != null) {
                return ended(SolveResult.solved(first.solution(), true, nodes, nanos(), STRATEGY));
            }
            if (least == Frontier.NONE) {
                throw new IllegalStateException("no solution below any bound for a solvable board");
            }
            history.remember(runs.stream().flatMap(List::stream).toList(), RootFigures.nodes(tasks, results),
                    RootFigures.approaches(tasks, results));
            bound = search.nextBound(least);
            if (SubtreeSearch.beyondReach(bound)) {
                return ended(unsolved(Outcome.BUDGET_EXCEEDED, Limit.DEPTH));
            }
        }
    }

    /**
     * The frontier's roots nearest and busiest first by the iteration before, cut into the next iteration's number
     * of runs of about equal expected nodes ({@link RootRuns}).
     */
    private List<List<String>> runs(List<String> frontier) {
        List<String> roots = history.order(frontier);
        return RootRuns.of(roots, history.nodesOf(roots), cuts.next());
    }

    /** One task per run of roots, in order. */
    private List<SearchTask> tasks(List<List<String>> runs) {
        List<SearchTask> tasks = new ArrayList<>(runs.size());
        for (int index = 0; index < runs.size(); index++) {
            tasks.add(new SearchTask(searchId, puzzle.start().toString(), puzzle.shape().rows(),
                    puzzle.shape().cols(), puzzle.goal().toString(), bound, index, runs.get(index)));
        }
        return tasks;
    }

    /**
     * Sends the iteration's tasks through {@code window} as their results come in, and returns the results once
     * they decide it: every task's, or those up to the first that found a solution. Null when the job was
     * cancelled or the search's budget ran out first.
     */
    private Map<Integer, SearchTaskResult> awaitResults(TaskWindow window, int taskCount) {
        long deadlineMillis = startedMillis + maxTime.toMillis();
        Map<Integer, SearchTaskResult> results = new HashMap<>(searches.store().results(searchId, bound));
        long readAgainMillis = System.currentTimeMillis() + READ_AGAIN.toMillis();
        while (true) {
            if (decided(results, taskCount)) {
                return results;
            }
            searches.messages().publish(window.refill(results));
            if (cancelled.getAsBoolean() || System.currentTimeMillis() > deadlineMillis) {
                return null;
            }
            report(results, taskCount);
            List<SearchTaskResult> heard = searches.heardResults().await(searchId, LOOK_AGAIN);
            for (SearchTaskResult result : heard) {
                if (result.bound() == bound && result.index() >= 0 && result.index() < taskCount) {
                    results.putIfAbsent(result.index(), result);
                }
            }
            long now = System.currentTimeMillis();
            if (heard.isEmpty() || now >= readAgainMillis) {
                results.putAll(searches.store().results(searchId, bound));
                readAgainMillis = now + READ_AGAIN.toMillis();
            }
        }
    }

    private static boolean decided(Map<Integer, SearchTaskResult> results, int taskCount) {
        int needed = TaskWindow.tasksNeeded(results, taskCount);
        for (int index = 0; index < needed; index++) {
            if (!results.containsKey(index)) {
                return false;
            }
        }
        return true;
    }

    private void report(Map<Integer, SearchTaskResult> results, int taskCount) {
        if (!pace.due(System.nanoTime(), bound, OptionalInt.empty())) {
            return;
        }
        long searched = nodes;
        for (SearchTaskResult result : results.values()) {
            searched += result.nodes();
        }
        progress.report(new SearchProgress(bound, searched, elapsedMillis(), results.size(), taskCount,
                searches.store().workers(searchId)));
    }

    /** Every iteration below the current bound failed: the answer held is shortest once its length meets it. */
    private boolean heldAnswerProven() {
        incumbent.offerLowerBound(bound);
        return incumbent.proven();
    }

    private SolveResult ended(SolveResult result) {
        searches.store().end(puzzleSearchName, searchId);
        return result;
    }

    private SolveResult unsolved(Outcome outcome, Limit limit) {
        return SolveResult.unsolved(outcome, limit, nodes, nanos(), STRATEGY);
    }

    private long elapsedMillis() {
        return System.currentTimeMillis() - startedMillis;
    }

    private long nanos() {
        return System.nanoTime() - startNanos;
    }
}
