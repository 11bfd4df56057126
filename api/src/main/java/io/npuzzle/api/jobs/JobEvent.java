package io.npuzzle.api.jobs;

import io.npuzzle.protocol.Job;

import java.util.Locale;

/**
 * One event of a job's live stream: the job as it stood at revision {@code id}.
 *
 * @param id   the job's revision, which a client sends back as {@code Last-Event-ID} to resume after it
 * @param kind whether the job's status changed since the stream's last event, or only its progress
 */
public record JobEvent(long id, Kind kind, Job job) {

    /** What changed, named on the wire as the lower-case name. */
    public enum Kind {
        /** The job's status is new to this stream: the first event, a start, and the final status. */
        STATUS,
        /** The same status, with the search's newer progress. */
        PROGRESS;

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }
}
