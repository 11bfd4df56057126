/** The worker's meters, served at {@code /q/metrics}, and the interface through which the job flow counts. */
package io.npuzzle.worker.metrics;
