package io.npuzzle.api.jobs;

import io.npuzzle.core.solve.SolveCost;
import io.npuzzle.protocol.SolveRequest;
import io.npuzzle.runtime.json.Encoded;
import io.smallrye.mutiny.Uni;

/** Hands accepted jobs to the workers, in the lane of their cost: heavy jobs never hold up quick ones. */
public interface JobQueue {

    /**
     * Completes once the job is safely queued, so an accepted job is never only in memory; the request travels as
     * the text it is stored as.
     */
    Uni<Void> enqueue(Encoded<SolveRequest> request, SolveCost cost);
}
