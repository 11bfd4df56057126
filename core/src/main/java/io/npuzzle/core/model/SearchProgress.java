package io.npuzzle.core.model;

/**
 * Where a long search stands, reported about once a second (see {@link SolveOptions#progress()}).
 *
 * @param bound         the cost bound of the current iteration (IDA*), or the largest f expanded so far (A*)
 * @param nodes         nodes expanded so far
 * @param elapsedMillis time since the solve began
 * @param tasksDone     of a search split into subtree tasks shared by several processes: the tasks of the current
 *                      iteration done so far; 0 otherwise
 * @param tasks         the tasks of the current iteration; 0 when the search is not split
 * @param workers       the processes that have taken part so far; 0 when the search is not split
 */
public record SearchProgress(int bound, long nodes, long elapsedMillis, int tasksDone, int tasks, int workers) {

    /** Progress of a search on this process alone. */
    public SearchProgress(int bound, long nodes, long elapsedMillis) {
        this(bound, nodes, elapsedMillis, 0, 0, 0);
    }

    public boolean split() {
        return tasks > 0;
    }
}
