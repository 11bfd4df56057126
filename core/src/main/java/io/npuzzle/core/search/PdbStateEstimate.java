package io.npuzzle.core.search;

import io.npuzzle.core.pdb.PdbHeuristic;

/**
 * The pattern database estimate for searches that store states rather than walk one path (A*): each state is
 * looked up from scratch, every pattern of every view. Keeps scratch space, so one instance per search.
 */
public final class PdbStateEstimate implements StateEstimate {

    private final PdbHeuristic heuristic;
    private final int[] positionOf;

    public PdbStateEstimate(PdbHeuristic heuristic) {
        this.heuristic = heuristic;
        this.positionOf = new int[heuristic.shape().size()];
    }

    @Override
    public int estimate(byte[] state) {
        for (int cell = 0; cell < state.length; cell++) {
            positionOf[state[cell]] = cell;
        }
        return heuristic.estimate(positionOf);
    }

    @Override
    public int slide(byte[] state, int blankCell, int tileCell, int before) {
        state[blankCell] = state[tileCell];
        state[tileCell] = 0;
        return estimate(state);
    }
}
