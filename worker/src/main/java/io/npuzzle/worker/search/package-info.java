/**
 * Optimal searches shared by every worker: the coordinator that cuts a long search's iterations into subtree
 * tasks and gathers their results ({@link io.npuzzle.worker.search.SplitSearches}), the worker side that searches
 * one task ({@link io.npuzzle.worker.search.TaskRunner}), and what both keep in Redis and send over Kafka.
 */
package io.npuzzle.worker.search;
