package io.npuzzle.worker.search;

import io.npuzzle.protocol.SearchTaskResult;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/** Where split searches keep their state: shared by every worker, outliving any one of them. */
public interface SplitSearchStore {

    /** The id of the split search of a puzzle and quality that runs, if one does. */
    Optional<String> searchOf(String puzzleSearchName);

    /** The iteration the search stands at; empty when it has not been split or has ended. */
    Optional<Iteration> current(String searchId);

    /**
     * Records the search's next iteration (its first, too) and each of its tasks' roots ({@code taskRoots}, by task
     * index), dropping the results of the one before, and names it the split search of its puzzle.
     */
    void begin(String puzzleSearchName, String searchId, Iteration iteration, List<List<String>> taskRoots);

    /**
     * Each task's roots of the search's current iteration, by task index, so that whoever takes the search over
     * sends the same tasks; empty when none are recorded.
     */
    List<List<String>> taskRoots(String searchId);

    /** The least index of a task of the current iteration that found a solution, once one has. */
    OptionalInt solvedTask(String searchId);

    /** The results of the iteration with {@code bound} recorded so far, by task index. */
    Map<Integer, SearchTaskResult> results(String searchId, int bound);

    /** Records a task's result unless one is recorded for that task already, and counts its worker. */
    void record(SearchTaskResult result);

    /** How many workers have searched tasks of the search. */
    int workers(String searchId);

    /** Forgets the search and tells every worker it ended, so that its tasks still in hand stop. */
    void end(String puzzleSearchName, String searchId);
}
