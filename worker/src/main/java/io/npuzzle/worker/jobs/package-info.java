/**
 * What happens to one solve request once it is read ({@link io.npuzzle.worker.jobs.JobFlow}): the job is started
 * or skipped, answered from the solve package, and ends in an outcome, its progress reported on the way. It
 * reaches Redis only through the small interfaces declared here, so plain in-memory objects can drive it.
 */
package io.npuzzle.worker.jobs;
