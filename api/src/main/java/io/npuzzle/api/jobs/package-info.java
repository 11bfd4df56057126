/**
 * The service logic of jobs: accepting a validated request (answered from the solution cache or queued for the
 * workers), idempotent submissions, cancelling, and finding a job, waiting for it when asked to. It reaches Redis
 * and Kafka only through the small interfaces declared here ({@link io.npuzzle.api.jobs.JobStore},
 * {@link io.npuzzle.api.jobs.SolutionCache}, {@link io.npuzzle.api.jobs.IdempotencyKeys},
 * {@link io.npuzzle.api.jobs.JobQueue}), so plain in-memory objects can drive it.
 */
package io.npuzzle.api.jobs;
