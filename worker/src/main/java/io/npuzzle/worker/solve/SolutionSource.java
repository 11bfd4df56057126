package io.npuzzle.worker.solve;

import io.npuzzle.core.board.Puzzle;
import io.npuzzle.protocol.Quality;

/** Where a job gets the answer to its puzzle. */
public interface SolutionSource {

    /**
     * The answer to {@code puzzle} at {@code quality} for the job that asks; {@link Answer.Cancelled} once the job
     * no longer wants it.
     *
     * @param key the puzzle's canonical key
     */
    Answer answer(String key, Puzzle puzzle, Quality quality, Asker asker);
}
