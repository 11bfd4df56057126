package io.npuzzle.worker.search;

import io.npuzzle.protocol.SearchTask;
import io.npuzzle.protocol.SearchTaskResult;
import it.unimi.dsi.fastutil.ints.IntArrayList;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Which tasks of an iteration are on the tasks topic. Kafka hands each partition to one worker, and a task waits
 * on its partition for that worker even while another has nothing to do, so the window keeps only a few tasks
 * queued for each worker: it learns which worker holds a partition from the results of the tasks sent there
 * ({@link PartitionHolders}, kept across iterations), and sends a task to a partition only while its holder has
 * fewer than {@code perWorker} tasks without a result; a partition whose holder is not known yet gets one task at
 * a time. Tasks go out lowest index first, each freed place taken round-robin over the partitions, so every worker
 * meets the tasks in about index order (the last iteration needs only those up to the first solution, so little is
 * searched in vain) and a worker that searches faster, or got smaller tasks, takes more of them: the iteration's
 * work evens out without knowing the tasks' sizes beforehand. Kafka keeps what is on a partition, so a worker that
 * dies leaves its tasks to the next holder of its partitions.
 */
final class TaskWindow {

    private final List<SearchTask> tasks;
    private final int partitions;
    private final int perWorker;
    private final PartitionHolders holders;
    /** Tasks on the topic without a result yet, and the partition of each. */
    private final IntArrayList sentTasks = new IntArrayList();
    private final IntArrayList sentPartitions = new IntArrayList();
    private int next;
    private int nextPartition;

    /**
     * @param tasks      the iteration's tasks, by index
     * @param partitions partitions of the tasks topic
     * @param perWorker  tasks queued for one worker at a time: more than one, so that a worker never waits for the
     *                   coordinator to send its next task
     * @param holders    the workers known to hold partitions, learned from results and updated here
     */
    TaskWindow(List<SearchTask> tasks, int partitions, int perWorker, PartitionHolders holders) {
        if (partitions < 1 || perWorker < 1) {
            throw new IllegalArgumentException("a task window needs a partition and a task per worker");
        }
        this.tasks = tasks;
        this.partitions = partitions;
        this.perWorker = perWorker;
        this.holders = holders;
    }

    /**
     * The tasks to send now, given the results recorded so far: as many as the workers have room for, in index
     * order, skipping tasks that have a result and stopping at the first task that found a solution, as none after
     * it is needed.
     */
    List<PartitionedTask> refill(Map<Integer, SearchTaskResult> results) {
        int end = tasksNeeded(results, tasks.size());
        for (int i = sentTasks.size() - 1; i >= 0; i--) {
            SearchTaskResult result = results.get(sentTasks.getInt(i));
            if (result != null) {
                holders.heard(sentPartitions.getInt(i), result.workerId());
                sentTasks.removeInt(i);
                sentPartitions.removeInt(i);
            }
        }
        Map<String, Integer> queued = new HashMap<>();
        for (int i = 0; i < sentTasks.size(); i++) {
            queued.merge(holderKey(sentPartitions.getInt(i)), 1, Integer::sum);
        }
        List<PartitionedTask> due = new ArrayList<>();
        while (next < end) {
            if (results.containsKey(next)) {
                next++;
                continue;
            }
            int partition = partitionWithRoom(queued);
            if (partition < 0) {
                break;
            }
            int index = next++;
            queued.merge(holderKey(partition), 1, Integer::sum);
            sentTasks.add(index);
            sentPartitions.add(partition);
            due.add(new PartitionedTask(partition, tasks.get(index)));
        }
        return due;
    }

    /**
     * How many of an iteration's {@code taskCount} tasks can change its answer, given the results so far: those up
     * to the first that found a solution, or all of them.
     */
    static int tasksNeeded(Map<Integer, SearchTaskResult> results, int taskCount) {
        int needed = taskCount;
        for (SearchTaskResult result : results.values()) {
            if (result.solved()) {
                needed = Math.min(needed, result.index());
            }
        }
        return needed;
    }

    /** The next partition round-robin whose holder has room for another task; -1 when none has. */
    private int partitionWithRoom(Map<String, Integer> queued) {
        for (int tried = 0; tried < partitions; tried++) {
            int partition = nextPartition;
            nextPartition = (nextPartition + 1) % partitions;
            boolean known = holders.holder(partition) != null;
            if (queued.getOrDefault(holderKey(partition), 0) < (known ? perWorker : 1)) {
                return partition;
            }
        }
        return -1;
    }

    /** Whom a partition's tasks queue for: its holder, or the partition itself while its holder is unknown. */
    private String holderKey(int partition) {
        String holder = holders.holder(partition);
        return holder != null ? "worker " + holder : "partition " + partition;
    }
}
