package io.npuzzle.protocol;

import io.npuzzle.core.model.Mode;
import io.npuzzle.core.model.SolveOptions;

import java.time.Duration;

/**
 * What answer a request asks for: its mode and, in BOUNDED mode only, how many times the shortest length the
 * answer may be ({@link SolveOptions#DEFAULT_RATIO} when left out).
 *
 * @param mode       the mode, OPTIMAL when null
 * @param ratio      the ratio of a BOUNDED request, null for the other modes
 * @param maxSeconds the client's deadline for the answer, in seconds, in place of the lane's time budget; null
 *                   for the lane's
 */
public record Quality(Mode mode, Double ratio, Integer maxSeconds) {

    public static final Quality OPTIMAL = new Quality(Mode.OPTIMAL, null);
    public static final Quality FAST = new Quality(Mode.FAST, null);

    /** A quality within the lane's time budget. */
    public Quality(Mode mode, Double ratio) {
        this(mode, ratio, null);
    }

    /** @throws IllegalArgumentException for a ratio out of range, or one with another mode than BOUNDED */
    public Quality {
        if (maxSeconds != null && maxSeconds < 1) {
            throw new IllegalArgumentException("maxSeconds must be at least 1");
        }
        if (mode == null) {
            mode = Mode.OPTIMAL;
        }
        if (mode != Mode.BOUNDED && ratio != null) {
            throw new IllegalArgumentException("a ratio goes with mode bounded only");
        }
        if (mode == Mode.BOUNDED) {
            if (ratio == null) {
                ratio = SolveOptions.DEFAULT_RATIO;
            }
            if (!(ratio > SolveOptions.MIN_RATIO && ratio <= SolveOptions.MAX_RATIO)) {
                throw new IllegalArgumentException("ratio must be above " + SolveOptions.MIN_RATIO
                        + " and at most " + SolveOptions.MAX_RATIO);
            }
        }
    }

    public static Quality bounded(double ratio) {
        return new Quality(Mode.BOUNDED, ratio);
    }

    /**
     * The mode's label, with the ratio for BOUNDED ({@code bounded-1.25}) and the deadline where the client set one
     * ({@code optimal-5s}): names a kind of search in Redis keys.
     */
    public String label() {
        String label = ratio == null ? mode.label() : mode.label() + "-" + ratio;
        return maxSeconds == null ? label : label + "-" + maxSeconds + "s";
    }

    /** The time a FAST request gives its answer: the client's deadline, else a fast answer's default. */
    public Duration fastTime() {
        return maxSeconds != null ? Duration.ofSeconds(maxSeconds)
                : Duration.ofMillis(SolveOptions.defaults(Mode.FAST).maxMillis());
    }

    /**
     * Whether a fast answer given {@code givenMillis} (null when not recorded) is good enough: for FAST, when this
     * request gives it no more time, which could shorten it; for the other modes its bound decides
     * ({@link #acceptsBound}).
     */
    public boolean acceptsFastAnswerGiven(Long givenMillis) {
        return mode != Mode.FAST || givenMillis == null || fastTime().toMillis() <= givenMillis;
    }

    /** The options for a search of this quality. */
    public SolveOptions applyTo(SolveOptions options) {
        SolveOptions withMode = options.withMode(mode);
        if (maxSeconds != null) {
            withMode = withMode.withBudget(withMode.maxNodes(), maxSeconds * 1000L);
        } else if (mode == Mode.FAST) {
            // A fast answer takes the time it is given: a second by default, the lane's budget at most.
            withMode = withMode.withBudget(withMode.maxNodes(), Math.min(withMode.maxMillis(), fastTime().toMillis()));
        }
        return ratio == null ? withMode : withMode.withRatio(ratio);
    }

    /**
     * Whether an answer that proves nothing ({@code bound} null) or is at most {@code bound} times the shortest
     * is good enough: any answer for FAST, an optimal one for OPTIMAL, one within the ratio for BOUNDED.
     */
    public boolean acceptsBound(Double bound) {
        return switch (mode) {
            case FAST -> true;
            case OPTIMAL -> bound != null && bound <= 1.0;
            case BOUNDED -> bound != null && bound <= ratio;
        };
    }
}
