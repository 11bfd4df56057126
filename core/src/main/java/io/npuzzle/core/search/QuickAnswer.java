package io.npuzzle.core.search;

import io.npuzzle.core.model.SolveResult;

/** A legal answer found quickly, without a proof, that a longer search may then beat or prove (FAST mode's). */
@FunctionalInterface
public interface QuickAnswer {

    /** Finds none. */
    QuickAnswer NONE = () -> null;

    /** The answer, SOLVED, for the start of the search that asks; any other result, or null, when none was found. */
    SolveResult find();
}
