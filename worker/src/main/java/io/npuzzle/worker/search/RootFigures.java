package io.npuzzle.worker.search;

import io.npuzzle.core.search.SubtreeHistory;
import io.npuzzle.protocol.SearchTask;
import io.npuzzle.protocol.SearchTaskResult;

import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * What each subtree of a complete iteration met, gathered from its tasks' results, per root in task order and
 * each task's root order: what the next iteration orders its subtrees by ({@link SubtreeHistory}).
 */
final class RootFigures {

    private RootFigures() {
    }

    /**
     * The nodes each subtree took; a result that does not count its roots (one written before results did) is
     * spread evenly over them, and a task without a result counts none.
     */
    static long[] nodes(List<SearchTask> tasks, Map<Integer, SearchTaskResult> results) {
        return perRoot(tasks, results, SearchTaskResult::rootNodes,
                (result, roots) -> result == null ? 0 : result.nodes() / roots);
    }

    /** How near each subtree came to a solution; unknown for a result that does not say, or a task without one. */
    static long[] approaches(List<SearchTask> tasks, Map<Integer, SearchTaskResult> results) {
        return perRoot(tasks, results, SearchTaskResult::rootApproaches, (result, roots) -> SubtreeHistory.UNKNOWN);
    }

    /** A root's figure when its task's result does not count it per root, or there is no result (null). */
    private interface Fallback {
        long of(SearchTaskResult result, int roots);
    }

    private static long[] perRoot(List<SearchTask> tasks, Map<Integer, SearchTaskResult> results,
                                  Function<SearchTaskResult, List<Long>> counted, Fallback uncounted) {
        int count = 0;
        for (SearchTask task : tasks) {
            count += task.roots().size();
        }
        long[] figures = new long[count];
        int at = 0;
        for (SearchTask task : tasks) {
            int roots = task.roots().size();
            SearchTaskResult result = results.get(task.index());
            List<Long> perRoot = result == null ? List.of() : counted.apply(result);
            for (int i = 0; i < roots; i++) {
                figures[at + i] = perRoot.size() == roots ? perRoot.get(i) : uncounted.of(result, roots);
            }
            at += roots;
        }
        return figures;
    }
}
