package io.npuzzle.worker.search;

import io.npuzzle.protocol.SearchTask;
import io.npuzzle.protocol.SearchTaskResult;

import java.util.List;
import java.util.Map;

/** The nodes each subtree of a complete iteration took, gathered from its tasks' results. */
final class RootNodes {

    private RootNodes() {
    }

    /**
     * Per root of {@code tasks}, in task order and each task's root order, the nodes its subtree took. A result
     * that does not count its roots (one written before results did) is spread evenly over them.
     */
    static long[] of(List<SearchTask> tasks, Map<Integer, SearchTaskResult> results) {
        int count = 0;
        for (SearchTask task : tasks) {
            count += task.roots().size();
        }
        long[] nodes = new long[count];
        int at = 0;
        for (SearchTask task : tasks) {
            int roots = task.roots().size();
            SearchTaskResult result = results.get(task.index());
            for (int i = 0; result != null && i < roots; i++) {
                nodes[at + i] = result.rootNodes().size() == roots ? result.rootNodes().get(i) : result.nodes() / roots;
            }
            at += roots;
        }
        return nodes;
    }
}
