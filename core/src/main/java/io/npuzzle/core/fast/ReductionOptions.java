package io.npuzzle.core.fast;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * How one reduction runs.
 *
 * @param finisher   answers the region left, or declines so that it is reduced further
 * @param foresight  what the region a line leaves is expected to cost, so that lines are chosen for it as well
 * @param guide      the databases whose excess beams add to their key
 * @param beamKey    the order in which beams keep boards
 * @param answerTime the time the answer may take: beams and shortening are fitted to it
 * @param maxBytes   the memory its beams may hold: narrower beams, and fewer layers, where the time would take more
 * @param cancelled  polled between lines, beam layers and shortened windows: once true the reduction ends CANCELLED
 */
public record ReductionOptions(Finisher finisher, RegionCost foresight, BeamGuide guide, BeamKey beamKey,
                               Duration answerTime, long maxBytes, BooleanSupplier cancelled) {

    /** The time an answer may take unless the caller gives less. */
    public static final Duration ANSWER_TIME = Duration.ofSeconds(1);

    /** Regions answered by {@code finisher}, lines chosen by their own moves, beams keyed without databases. */
    public static ReductionOptions finishedBy(Finisher finisher) {
        return new ReductionOptions(finisher, RegionCost.NONE, BeamGuide.NONE, BeamKey.STANDARD, ANSWER_TIME,
                Long.MAX_VALUE, () -> false);
    }

    public ReductionOptions withForesight(RegionCost newForesight) {
        return new ReductionOptions(finisher, newForesight, guide, beamKey, answerTime, maxBytes, cancelled);
    }

    public ReductionOptions withGuide(BeamGuide newGuide) {
        return new ReductionOptions(finisher, foresight, newGuide, beamKey, answerTime, maxBytes, cancelled);
    }

    public ReductionOptions withAnswerTime(Duration newAnswerTime) {
        return new ReductionOptions(finisher, foresight, guide, beamKey, newAnswerTime, maxBytes, cancelled);
    }
}
