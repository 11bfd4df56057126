package io.npuzzle.worker.search;

import io.npuzzle.protocol.SearchTask;

/** A task and the partition of the tasks topic it goes to. */
public record PartitionedTask(int partition, SearchTask task) {
}
