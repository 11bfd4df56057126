package io.npuzzle.core.fast;

import java.time.Duration;
import java.util.List;

/**
 * The limits and weights of the searches that finish a FAST answer's regions. Each was chosen by measurement:
 * {@code bench/fast} prints the answers' lengths and times they give.
 *
 * @param searchNodes      nodes each search of a region may expand; it binds before {@code searchTime} on an idle
 *                         machine, so that answers do not depend on the machine's load
 * @param searchTime       time the searches of a round of a second may take on a board beams place, and their
 *                         share of a longer round, leaving the rest to shortening; what a second has beyond it is
 *                         the answer's margin ({@link #marginMillis})
 * @param optimalCells     regions up to this size (4x4) are first searched optimally
 * @param optimalTime      time the optimal search of such a region may take
 * @param idaWeights       weights the weighted IDA* of a region tries in turn, sharing {@code anytimeNodes}: each
 *                         lower one shortens the answer and needs more nodes
 * @param anytimeNodes     nodes the weighted IDA* searches of a region share, per second of the answer's round
 * @param firstWeightNodes nodes the first weight may take, per second of the round, leaving the rest to lower
 *                         weights
 * @param rescueWeight     tried once when the first weight found no answer
 * @param aStarWeights     weights weighted A* tries in turn, each with {@code searchNodes}, when IDA* found none
 * @param searchBytes      memory a weighted A* search may hold
 * @param movesPerEstimate moves the finisher's answer on a region is expected to take per unit of the databases'
 *                         estimate, so that lines are chosen for the region they leave
 */
public record FastTuning(long searchNodes, Duration searchTime, int optimalCells, Duration optimalTime,
                         List<Double> idaWeights, long anytimeNodes, long firstWeightNodes, double rescueWeight,
                         List<Double> aStarWeights, long searchBytes, double movesPerEstimate) {

    /** The tuning {@code bench/fast} measures. */
    public static final FastTuning DEFAULT = new FastTuning(1_500_000, Duration.ofMillis(700), 16,
            Duration.ofMillis(250), List.of(1.6, 1.4, 1.3, 1.25, 1.2, 1.15, 1.1, 1.05), 6_000_000, 3_000_000, 2.0,
            List.of(1.5, 2.5), 256L << 20, 1.35);

    public FastTuning {
        idaWeights = List.copyOf(idaWeights);
        aStarWeights = List.copyOf(aStarWeights);
    }

    /**
     * The time an answer given {@code givenMillis} keeps back from its deadline, past its last look at the clock:
     * room for threads waiting for a core, for the compiler and for the collector, and for the work that ends the
     * answer. A second's time beyond {@code searchTime}, the same share of a shorter time.
     */
    public long marginMillis(long givenMillis) {
        long second = ReductionOptions.ANSWER_TIME.toMillis();
        return (second - searchTime.toMillis()) * Math.min(givenMillis, second) / second;
    }
}
