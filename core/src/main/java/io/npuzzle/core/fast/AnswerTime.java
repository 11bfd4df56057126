package io.npuzzle.core.fast;

import io.npuzzle.core.model.SolveOptions;

import java.time.Duration;

/**
 * The time a fast answer may take: the client's budget, or {@link ReductionOptions#ANSWER_TIME} when the client
 * left the default budget, which is sized for optimal searches rather than for a quick answer.
 */
final class AnswerTime {

    private AnswerTime() {
    }

    static Duration of(SolveOptions options) {
        return options.maxMillis() == SolveOptions.DEFAULT_MAX_MILLIS ? ReductionOptions.ANSWER_TIME
                : Duration.ofMillis(options.maxMillis());
    }
}
