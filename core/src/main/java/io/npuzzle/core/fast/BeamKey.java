package io.npuzzle.core.fast;

import java.util.List;

/**
 * How a beam orders boards: {@code estimateWeight} times the region's estimate (Manhattan distance plus linear
 * conflicts of all its tiles) plus {@code outerWeight} times the distance of the tiles it must bring home. Keys
 * that weigh the two alike on average give answers of about the same length, but not on the same boards, so two
 * beams with different keys, one on each core, make the shorter of the two answers worth having.
 */
public record BeamKey(int estimateWeight, int outerWeight) {

    /** Outer tiles counted half again: with all tiles alike an 8x8 beam stalled in half its runs. */
    public static final BeamKey STANDARD = new BeamKey(2, 1);
    /**
     * Outer tiles counted two thirds again: on 7x7 and 8x8 boards as short as {@link #STANDARD} on average, and
     * the shorter of the two answers is shorter than either ({@code bench/fast 7 8}).
     */
    public static final BeamKey OUTER_HEAVIER = new BeamKey(3, 2);

    /**
     * The keys of an answer's rounds, two a round (one a core): the first round's are {@link #STANDARD} and
     * {@link #OUTER_HEAVIER}; later rounds' beams, wider, take the next pair, for answers that differ from the
     * rounds before ({@code bench/fast --millis 5000 6 7}).
     */
    public static final List<BeamKey> ROUNDS = List.of(STANDARD, OUTER_HEAVIER, new BeamKey(5, 3), new BeamKey(5, 2));

    public BeamKey {
        if (estimateWeight < 1 || outerWeight < 0) {
            throw new IllegalArgumentException("beam key weights " + estimateWeight + ", " + outerWeight);
        }
    }
}
