package io.npuzzle.worker.messaging;

import io.npuzzle.protocol.SolveOutcome;

/** Where finished jobs are announced. */
public interface OutcomePublisher {

    /** Returns once the outcome is safely delivered; throws when it could not be. */
    void publish(SolveOutcome outcome);
}
