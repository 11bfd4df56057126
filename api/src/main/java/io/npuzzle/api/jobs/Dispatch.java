package io.npuzzle.api.jobs;

import io.npuzzle.protocol.SolveRequest;

import java.util.List;

/**
 * What one look at a lane's queues handed out ({@link JobStore#dispatch}).
 *
 * @param clientsWaiting the clients that still have jobs waiting their turn in the lane
 * @param jobsWaiting    the jobs still waiting their turn in the lane, over all clients
 * @param handedOut      the jobs to publish now, in their turns
 */
public record Dispatch(int clientsWaiting, long jobsWaiting, List<SolveRequest> handedOut) {
}
