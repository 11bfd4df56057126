package io.npuzzle.api.jobs;

import io.npuzzle.protocol.SolveRequest;

/**
 * A job whose outcome a call recorded ({@link JobStore#finish}).
 *
 * @param client  the label of the job's client ({@link io.npuzzle.protocol.ClientLabel})
 * @param request the job's request, as stored: the meters time the job from its submission without reading it
 */
public record FinishedJob(String client, SolveRequest request) {
}
