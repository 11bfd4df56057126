package io.npuzzle.api.jobs;

import io.npuzzle.protocol.SolveRequest;

import java.util.List;

/**
 * What one look at a lane's queues handed out ({@link JobStore#dispatch}).
 *
 * @param clientsWaiting the clients that still have jobs waiting their turn in the lane
 * @param handedOut      the jobs to publish now, in their turns
 */
public record Dispatch(int clientsWaiting, List<SolveRequest> handedOut) {
}
