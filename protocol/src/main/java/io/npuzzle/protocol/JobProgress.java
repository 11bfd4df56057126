package io.npuzzle.protocol;

import io.npuzzle.core.model.SearchProgress;

/**
 * Where the search of a RUNNING job stands, as the worker last reported it (about once a second, for searches
 * long enough to report).
 *
 * @param bound         the cost bound of the current iteration (IDA*), or the largest f expanded so far (A*)
 * @param nodes         nodes expanded so far, by every worker taking part
 * @param elapsedMillis time since the search began
 * @param tasksDone     of a search shared by several workers: the subtree tasks of the current iteration done so
 *                      far; null for a search on one worker
 * @param tasks         the subtree tasks of the current iteration; null for a search on one worker
 * @param workers       the workers that have taken part so far; null for a search on one worker
 */
public record JobProgress(int bound, long nodes, long elapsedMillis, Integer tasksDone, Integer tasks,
                          Integer workers) {

    public static JobProgress of(SearchProgress progress) {
        if (!progress.split()) {
            return new JobProgress(progress.bound(), progress.nodes(), progress.elapsedMillis(), null, null, null);
        }
        return new JobProgress(progress.bound(), progress.nodes(), progress.elapsedMillis(), progress.tasksDone(),
                progress.tasks(), progress.workers());
    }
}
