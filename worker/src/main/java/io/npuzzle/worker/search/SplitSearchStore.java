package io.npuzzle.worker.search;

import io.npuzzle.protocol.SearchTaskResult;

import java.util.Map;
import java.util.Optional;

/** Where split searches keep their state: shared by every worker, outliving any one of them. */
public interface SplitSearchStore {

    /** The id of the split search of a puzzle and quality that runs, if one does. */
    Optional<String> searchOf(String puzzleSearchName);

    /** The iteration the search stands at; empty when it has not been split or has ended. */
    Optional<Iteration> current(String searchId);

    /**
     * Records the search's next iteration (its first, too), dropping the results of the one before, and names it
     * the split search of its puzzle.
     */
    void begin(String puzzleSearchName, String searchId, Iteration iteration);

    /** The results of the iteration with {@code bound} recorded so far, by task index. */
    Map<Integer, SearchTaskResult> results(String searchId, int bound);

    /** Records a task's result unless one is recorded for that task already, and counts its worker. */
    void record(SearchTaskResult result);

    /** How many workers have searched tasks of the search. */
    int workers(String searchId);

    /** Forgets the search and tells every worker it ended, so that its tasks still in hand stop. */
    void end(String puzzleSearchName, String searchId);
}
