package io.npuzzle.worker.search;

import java.util.HashMap;
import java.util.Map;

/**
 * Which worker holds each partition of the tasks topic, as far as a coordinator has heard: the worker that
 * answered the last task sent there. Kafka moves partitions when workers come and go, so this is a guess that the
 * next result corrects; a wrong guess only queues a task for a worker that is busier or idler than thought.
 */
final class PartitionHolders {

    private final Map<Integer, String> holders = new HashMap<>();

    /** A task sent to {@code partition} was answered by {@code workerId}. */
    void heard(int partition, String workerId) {
        holders.put(partition, workerId);
    }

    /** The worker last heard from on the partition; null when none answered a task sent there yet. */
    String holder(int partition) {
        return holders.get(partition);
    }
}
