package io.npuzzle.api.jobs;

import io.npuzzle.protocol.JobScripts.Cancelled;
import io.npuzzle.protocol.SolveRequest;

/**
 * What a cancel did ({@link JobStore#cancel}).
 *
 * @param request the cancelled job's request, as stored, for the meters to time it from its submission; null
 *                unless the job was cancelled
 */
public record Cancellation(Cancelled verdict, SolveRequest request) {

    public Cancellation {
        if ((verdict == Cancelled.CANCELLED) != (request != null)) {
            throw new IllegalArgumentException("a cancelled job, and only one, comes with its request");
        }
    }

    /** The job of this request is cancelled now. */
    public static Cancellation of(SolveRequest request) {
        return new Cancellation(Cancelled.CANCELLED, request);
    }

    /** Nothing was cancelled: the job is unknown, or it has an outcome already. */
    public static Cancellation refused(Cancelled verdict) {
        return new Cancellation(verdict, null);
    }
}
