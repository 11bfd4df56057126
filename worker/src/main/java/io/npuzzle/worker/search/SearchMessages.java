package io.npuzzle.worker.search;

import io.npuzzle.protocol.SearchTask;
import io.npuzzle.protocol.SearchTaskResult;

import java.util.List;

/** How split searches talk between workers. */
public interface SearchMessages {

    /** Returns once the broker has every task of the list. */
    void publish(List<SearchTask> tasks);

    /** Announces a result recorded in Redis; may return before the broker has it. */
    void publish(SearchTaskResult result);
}
