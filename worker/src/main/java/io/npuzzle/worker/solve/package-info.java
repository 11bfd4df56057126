/**
 * How a job gets its answer, each class adding one thing on the way to the core's solver: one search per puzzle
 * in this worker ({@link io.npuzzle.worker.solve.SingleFlightAnswers}), the cache and a lock shared by every
 * worker ({@link io.npuzzle.worker.solve.CacheAndLockAnswers}), retries of a solve that throws
 * ({@link io.npuzzle.worker.solve.SolveRetries}), and a slot and budget per lane
 * ({@link io.npuzzle.worker.solve.SolverSlots}).
 */
package io.npuzzle.worker.solve;
