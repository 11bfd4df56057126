package io.npuzzle.worker.jobs;

import io.npuzzle.protocol.SolveOutcome;

import java.util.Optional;

/** What became of one solve request, which tells the consumer what to do with its record. */
public sealed interface Handled {

    /** The job ended: its outcome is to be published. */
    record Publish(SolveOutcome outcome) implements Handled {
    }

    /** Nothing to publish: the job is gone, finished already, or cancelled (its outcome recorded by the API). */
    record Skip(String why) implements Handled {
    }

    /**
     * The request is not workable (its board is invalid) and never will be, and names no job waiting for an
     * outcome: the record is refused.
     */
    record Refuse(String reason) implements Handled {
    }

    /** The outcome to publish, if any. */
    default Optional<SolveOutcome> toPublish() {
        return this instanceof Publish publish ? Optional.of(publish.outcome()) : Optional.empty();
    }
}
