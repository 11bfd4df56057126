package io.npuzzle.worker.messaging;

import java.util.Optional;

/**
 * A record on a requests topic that no retry can make workable (not JSON, not a solve request, an invalid
 * board): it goes to the dead-letter topic with this exception's message as the reason. Expected, so it carries no
 * stack trace.
 */
public class PoisonRecordException extends RuntimeException {

    /** The well-formed job id the record names, or null. */
    private final String jobId;

    public PoisonRecordException(String reason) {
        this(reason, null);
    }

    public PoisonRecordException(String reason, String jobId) {
        super(reason, null, false, false);
        this.jobId = jobId;
    }

    /** The job the record names, when it names one by a well-formed id: that job must not wait forever. */
    public Optional<String> jobId() {
        return Optional.ofNullable(jobId);
    }
}
