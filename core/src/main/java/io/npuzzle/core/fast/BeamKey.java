package io.npuzzle.core.fast;

import java.util.List;

/**
 * How a beam orders boards: {@code estimateWeight} times the region's estimate (Manhattan distance plus linear
 * conflicts of all its tiles) plus {@code outerWeight} times the distance of the tiles it must bring home. Keys
 * that weigh the two alike on average give answers of about the same length, but not on the same boards, so two
 * beams with different keys, one on each core, make the shorter of the two answers worth having. A key with a
 * nonzero {@code seed} adds, per tile and cell, a pseudo-random 0 or 1 drawn from that seed: its beam breaks the
 * key's ties and crosses its plateaus differently, so that rounds with more time find other answers rather than
 * the same ones again (a perturbed key, as in stochastic beam search: Russell and Norvig, "Artificial
 * Intelligence: A Modern Approach").
 */
public record BeamKey(int estimateWeight, int outerWeight, long seed) {

    /** Outer tiles counted half again: with all tiles alike an 8x8 beam stalled in half its runs. */
    public static final BeamKey STANDARD = new BeamKey(2, 1, 0);
    /**
     * Outer tiles counted two thirds again: on 7x7 and 8x8 boards as short as {@link #STANDARD} on average, and
     * the shorter of the two answers is shorter than either ({@code bench/fast 7 8}).
     */
    public static final BeamKey OUTER_HEAVIER = new BeamKey(3, 2, 0);

    /**
     * The weights of rounds' keys, two a round (one a core): the first round's are {@link #STANDARD} and
     * {@link #OUTER_HEAVIER}'s; later rounds' beams, wider, take the next pair.
     */
    private static final List<BeamKey> ROUNDS = List.of(STANDARD, OUTER_HEAVIER, new BeamKey(5, 3, 0),
            new BeamKey(5, 2, 0));

    public BeamKey {
        if (estimateWeight < 1 || outerWeight < 0) {
            throw new IllegalArgumentException("beam key weights " + estimateWeight + ", " + outerWeight);
        }
    }

    /**
     * The key of a round's beam on its first ({@code second} false) or second core, seeded by the round, so that
     * no two rounds' beams find the same answers; seeds also make 6x6 one-second answers shorter
     * ({@code bench/fast --millis 1000,30000 6 7}).
     */
    public static BeamKey ofRound(int round, boolean second) {
        BeamKey weights = ROUNDS.get((2 * round + (second ? 1 : 0)) % ROUNDS.size());
        return new BeamKey(weights.estimateWeight, weights.outerWeight, round + 1);
    }
}
