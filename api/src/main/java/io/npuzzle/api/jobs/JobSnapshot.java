package io.npuzzle.api.jobs;

import io.npuzzle.protocol.Job;

/**
 * A job as stored at one moment, with the number of changes it had seen then: a later snapshot with a higher
 * revision holds everything an earlier one did and more, so a client that saw revision N has missed nothing
 * once it is shown the newest snapshot past N.
 */
public record JobSnapshot(Job job, long revision) {
}
