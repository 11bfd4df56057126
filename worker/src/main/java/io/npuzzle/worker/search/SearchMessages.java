package io.npuzzle.worker.search;

import io.npuzzle.protocol.SearchTask;
import io.npuzzle.protocol.SearchTaskResult;

/** How split searches talk between workers; each call returns once the broker has the record. */
public interface SearchMessages {

    void publish(SearchTask task);

    void publish(SearchTaskResult result);
}
