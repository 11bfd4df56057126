package io.npuzzle.worker.solve;

import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.model.ProgressListener;
import io.npuzzle.protocol.Quality;

import java.util.function.BooleanSupplier;

/** Where a job gets the answer to its puzzle. */
public interface SolutionSource {

    /**
     * The answer to {@code puzzle} at {@code quality}; {@link Answer.Cancelled} once {@code cancelled} says the job no
     * longer wants it.
     *
     * @param key      the puzzle's canonical key
     * @param progress hears how a search for this job goes (not a search it only joins)
     */
    Answer answer(String key, Puzzle puzzle, Quality quality, BooleanSupplier cancelled, ProgressListener progress);
}
