package io.npuzzle.api.jobs;

import io.smallrye.mutiny.Uni;

/** The clients' idempotency keys, each claimed for the job its first request created. */
public interface IdempotencyKeys {

    /**
     * What a key was claimed for.
     *
     * @param fingerprint the same for submissions that normalise to the same request
     * @param jobId       the job the first request with the key created (for a batch, its jobs' ids, comma
     *                    separated, in order, empty for refused entries)
     */
    record Claim(String fingerprint, String jobId) {
    }

    /** Claims {@code clientKey} unless it is claimed; the earlier claim when it was, else null. */
    Uni<Claim> claim(String clientKey, Claim claim);

    /** Frees a claimed key, after the request that claimed it failed. */
    Uni<Void> release(String clientKey);
}
