package io.npuzzle.worker.messaging;

/**
 * A record on a requests topic that no retry can make workable (not JSON, not a solve request, an invalid
 * board): it goes to the dead-letter topic with this exception's message as the reason. Expected, so it carries no
 * stack trace.
 */
public class PoisonRecordException extends RuntimeException {

    public PoisonRecordException(String reason) {
        super(reason, null, false, false);
    }
}
