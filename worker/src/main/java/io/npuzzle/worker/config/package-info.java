/** The worker's settings, under {@code npuzzle.worker}: concurrency, the lanes' budgets, split searches. */
package io.npuzzle.worker.config;
