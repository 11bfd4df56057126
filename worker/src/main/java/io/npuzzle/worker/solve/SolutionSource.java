package io.npuzzle.worker.solve;

import io.npuzzle.core.board.Puzzle;
import io.npuzzle.core.solve.Mode;
import io.npuzzle.core.solve.ProgressListener;

import java.util.function.BooleanSupplier;

/** Where a job gets the answer to its puzzle. */
public interface SolutionSource {

    /**
     * The answer to {@code puzzle} in {@code mode}; {@link Answer.Cancelled} once {@code cancelled} says the job no
     * longer wants it.
     *
     * @param key      the puzzle's canonical key
     * @param progress hears how a search for this job goes (not a search it only joins)
     */
    Answer answer(String key, Puzzle puzzle, Mode mode, BooleanSupplier cancelled, ProgressListener progress);
}
