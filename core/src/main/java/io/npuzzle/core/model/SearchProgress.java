package io.npuzzle.core.model;

import java.util.OptionalInt;

/**
 * Where a long search stands, reported as soon as it holds an answer or proves more, and otherwise once a second,
 * as {@link ProgressPace} paces it (see {@link SolveOptions#progress()}).
 *
 * @param bound         the cost bound of the current iteration (IDA*), or the least f still open (A*)
 * @param nodes         nodes expanded so far
 * @param elapsedMillis time since the solve began
 * @param tasksDone     of a search split into subtree tasks shared by several processes: the tasks of the current
 *                      iteration done so far; 0 otherwise
 * @param tasks         the tasks of the current iteration; 0 when the search is not split
 * @param workers       the processes that have taken part so far; 0 when the search is not split
 * @param lowerBound    the least length of any answer, as proven so far: the bound of an optimal search; of a
 *                      weighted one, the least length the weight lets reach its bound
 * @param bestLength    the length of the best answer held so far, which the search tries to beat or prove; empty
 *                      before the first
 */
public record SearchProgress(int bound, long nodes, long elapsedMillis, int tasksDone, int tasks, int workers,
                             int lowerBound, OptionalInt bestLength) {

    public SearchProgress {
        if (bestLength == null) {
            bestLength = OptionalInt.empty();
        }
    }

    /** Progress of an optimal search on this process alone, without an answer yet. */
    public SearchProgress(int bound, long nodes, long elapsedMillis) {
        this(bound, nodes, elapsedMillis, 0, 0, 0);
    }

    /** Progress of an optimal search, without an answer yet: its bound is its lower bound. */
    public SearchProgress(int bound, long nodes, long elapsedMillis, int tasksDone, int tasks, int workers) {
        this(bound, nodes, elapsedMillis, tasksDone, tasks, workers, bound, OptionalInt.empty());
    }

    public boolean split() {
        return tasks > 0;
    }
}
