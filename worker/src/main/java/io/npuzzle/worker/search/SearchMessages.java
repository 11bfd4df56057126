package io.npuzzle.worker.search;

import io.npuzzle.protocol.SearchTaskResult;

import java.util.List;

/** How split searches talk between workers. */
public interface SearchMessages {

    /** Partitions of the tasks topic. */
    int taskPartitions();

    /** Returns once the broker has every task of the list, each on its partition. */
    void publish(List<PartitionedTask> tasks);

    /** Announces a result recorded in Redis; may return before the broker has it. */
    void publish(SearchTaskResult result);
}
