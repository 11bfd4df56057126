package io.npuzzle.worker.search;

/** Which split searches ended lately; asked often by a task's search, so it must answer without a round trip. */
public interface EndedSearches {

    boolean hasEnded(String searchId);
}
