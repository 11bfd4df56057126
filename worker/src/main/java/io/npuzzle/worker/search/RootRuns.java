package io.npuzzle.worker.search;

import java.util.ArrayList;
import java.util.List;

/**
 * A frontier's roots, in the order its tasks take them, cut into runs of consecutive roots of about equal expected
 * nodes: one task each. The largest roots make a task each while small ones share theirs, so an iteration waits
 * less on its largest task, and the nearest and busiest roots, which come first, go out first. Without
 * expectations (every weight equal) the runs hold equal numbers of roots.
 */
final class RootRuns {

    private RootRuns() {
    }

    /**
     * @param roots   the roots in task order
     * @param weights per root, the nodes it is expected to take (0 counts as 1, so unknown roots still spread)
     * @param wanted  how many runs, at most one per root
     */
    static List<List<String>> of(List<String> roots, long[] weights, int wanted) {
        int runs = Math.min(wanted, roots.size());
        long[] prefix = new long[roots.size() + 1];
        for (int i = 0; i < roots.size(); i++) {
            prefix[i + 1] = prefix[i] + Math.max(1, weights[i]);
        }
        long total = prefix[roots.size()];
        List<List<String>> cut = new ArrayList<>(runs);
        int start = 0;
        for (int run = 1; run <= runs; run++) {
            // The last root whose prefix stays within this run's share, leaving a root for each run after it.
            int end = start + 1;
            long share = total * run / runs;
            int last = roots.size() - (runs - run);
            while (end < last && prefix[end + 1] <= share) {
                end++;
            }
            if (run == runs) {
                end = roots.size();
            }
            cut.add(List.copyOf(roots.subList(start, end)));
            start = end;
        }
        return cut;
    }
}
