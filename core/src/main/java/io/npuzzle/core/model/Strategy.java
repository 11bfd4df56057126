package io.npuzzle.core.model;

import java.util.List;
import java.util.stream.Collectors;

/**
 * How an answer was found: the algorithms that produced it, in order (a reduction, then the search that finished
 * the last region), and, when a search ran out of budget before it found or proved a better one, that search.
 * Printed for people as {@code reduction+exact-table}, or {@code a-star>fallback:reduction+ida-star-pdb} for the
 * quick answer an A* search held when its budget ran out.
 *
 * @param steps      the algorithms whose moves make up the answer, in order
 * @param overBudget the search that ran out of budget with this answer as its best, or null
 */
public record Strategy(List<Algorithm> steps, Algorithm overBudget) {

    public Strategy {
        steps = List.copyOf(steps);
        if (steps.isEmpty()) {
            throw new IllegalArgumentException("a strategy has at least one step");
        }
    }

    public static Strategy of(Algorithm algorithm) {
        return new Strategy(List.of(algorithm), null);
    }

    /** This strategy's steps followed by another's, as when a reduction hands its last region to a search. */
    public Strategy then(Strategy next) {
        List<Algorithm> both = new java.util.ArrayList<>(steps);
        both.addAll(next.steps);
        return new Strategy(both, overBudget);
    }

    /** This strategy, found after {@code search} ran out of budget. */
    public Strategy after(Algorithm search) {
        return new Strategy(steps, search);
    }

    /** The algorithm that found the answer's last moves, or that ran out of budget. */
    public Algorithm last() {
        return steps.get(steps.size() - 1);
    }

    @Override
    public String toString() {
        String chain = steps.stream().map(Algorithm::label).collect(Collectors.joining("+"));
        return overBudget == null ? chain : overBudget.label() + ">fallback:" + chain;
    }
}
