package io.npuzzle.api.jobs;

import io.npuzzle.protocol.SolveRequest;
import io.npuzzle.runtime.json.Encoded;

import java.util.List;

/**
 * What one look at a lane's queues handed out ({@link JobStore#dispatch}).
 *
 * @param clientsWaiting the clients that still have jobs waiting their turn in the lane
 * @param jobsWaiting    the jobs still waiting their turn in the lane, over all clients
 * @param handedOut      the jobs to publish now, in their turns, each with its text as stored
 */
public record Dispatch(int clientsWaiting, long jobsWaiting, List<Encoded<SolveRequest>> handedOut) {
}
