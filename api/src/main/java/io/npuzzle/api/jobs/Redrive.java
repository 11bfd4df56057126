package io.npuzzle.api.jobs;

import io.npuzzle.protocol.SolveRequest;

/**
 * A job claimed for a re-drive: queued or running, it went longer than its lane allows without a start, progress
 * or outcome.
 *
 * @param times how often it has been re-driven, this time included
 */
public record Redrive(SolveRequest request, int times) {
}
