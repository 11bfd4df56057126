package io.npuzzle.protocol;

/**
 * What one {@link SearchTask} found, on the task results topic (keyed by search) and in the search's results hash
 * in Redis, where the first copy of each task's result stands.
 *
 * @param searchId      the search
 * @param bound         the iteration's bound
 * @param index         the task's place in the iteration
 * @param solution      the first solution below its roots, or null
 * @param leastExceeded the least f above the bound met below its roots; null when none (or when solved)
 * @param nodes         nodes the task expanded
 * @param workerId      the worker that searched it
 */
public record SearchTaskResult(String searchId, int bound, int index, String solution, Integer leastExceeded,
                               long nodes, String workerId) {

    public boolean solved() {
        return solution != null;
    }
}
