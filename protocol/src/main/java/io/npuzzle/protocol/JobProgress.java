package io.npuzzle.protocol;

import io.npuzzle.core.model.DatabaseWait;
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
 * @param databases     the databases the job waits for before its search starts (its bound and nodes are 0 and its
 *                      elapsed time the wait's); null once it searches
 * @param lowerBound    the least length of any answer, as proven so far; null while it waits for its databases
 * @param bestLength    the length of the best answer the search holds, which it tries to beat or prove shortest;
 *                      null before the first
 */
public record JobProgress(int bound, long nodes, long elapsedMillis, Integer tasksDone, Integer tasks,
                          Integer workers, DatabaseProgress databases, Integer lowerBound, Integer bestLength) {

    public static JobProgress of(SearchProgress progress) {
        Integer best = progress.bestLength().isPresent() ? progress.bestLength().getAsInt() : null;
        if (!progress.split()) {
            return new JobProgress(progress.bound(), progress.nodes(), progress.elapsedMillis(), null, null, null,
                    null, progress.lowerBound(), best);
        }
        return new JobProgress(progress.bound(), progress.nodes(), progress.elapsedMillis(), progress.tasksDone(),
                progress.tasks(), progress.workers(), null, progress.lowerBound(), best);
    }

    public static JobProgress of(DatabaseWait wait) {
        return new JobProgress(0, 0, wait.elapsedMillis(), null, null, null, DatabaseProgress.of(wait), null, null);
    }
}
