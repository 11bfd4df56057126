package io.npuzzle.api.rest;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The caller's jobs that wait their turn behind other clients' jobs, by lane (a job that ended while waiting is
 * counted until its turn comes).
 *
 * @param quick quick jobs waiting
 * @param heavy heavy jobs waiting
 */
@Schema(description = "The caller's jobs waiting their turn, by lane.")
public record ClientQueue(long quick, long heavy) {
}
