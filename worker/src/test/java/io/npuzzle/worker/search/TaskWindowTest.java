package io.npuzzle.worker.search;

import io.npuzzle.protocol.SearchTask;
import io.npuzzle.protocol.SearchTaskResult;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TaskWindowTest {

    private static final String SEARCH = "0123456789abcdef0123456789abcdef";

    private final PartitionHolders holders = new PartitionHolders();

    private static List<SearchTask> tasks(int count) {
        return IntStream.range(0, count).mapToObj(index -> new SearchTask(SEARCH, "1 2 3 0", 2, 2, null, 4, index,
                List.of("L"))).toList();
    }

    private static SearchTaskResult exhausted(int index, String worker) {
        return new SearchTaskResult(SEARCH, 4, index, null, 6, 100, List.of(100L), List.of(), worker);
    }

    private static SearchTaskResult solved(int index) {
        return new SearchTaskResult(SEARCH, 4, index, "LU", null, 100, List.of(100L), List.of(), "a");
    }

    private static List<Integer> indexes(List<PartitionedTask> sent) {
        return sent.stream().map(each -> each.task().index()).toList();
    }

    private static List<Integer> partitions(List<PartitionedTask> sent) {
        return sent.stream().map(PartitionedTask::partition).toList();
    }

    @Test
    void theFirstTasksGoOneToEachPartitionInIndexOrder() {
        TaskWindow window = new TaskWindow(tasks(20), 3, 2, holders);

        List<PartitionedTask> sent = window.refill(Map.of());

        assertEquals(List.of(0, 1, 2), indexes(sent));
        assertEquals(List.of(0, 1, 2), partitions(sent));
    }

    @Test
    void nothingMoreIsSentUntilAResultFreesAPlace() {
        TaskWindow window = new TaskWindow(tasks(20), 3, 2, holders);
        window.refill(Map.of());

        assertTrue(window.refill(Map.of()).isEmpty());
    }

    @Test
    void aWorkerThatAnsweredGetsTasksQueuedUpToItsShareOnItsPartitions() {
        TaskWindow window = new TaskWindow(tasks(20), 3, 2, holders);
        window.refill(Map.of());

        List<PartitionedTask> sent = window.refill(Map.of(1, exhausted(1, "a")));

        assertEquals(List.of(3, 4), indexes(sent), "worker a holds partition 1 and has room for two tasks");
        assertEquals(List.of(1, 1), partitions(sent));
    }

    @Test
    void aBusyWorkersPartitionsGetNoMoreTasksWhileAnotherWorkerHasRoom() {
        TaskWindow window = new TaskWindow(tasks(40), 4, 2, holders);
        window.refill(Map.of()); // tasks 0-3 on partitions 0-3
        Map<Integer, SearchTaskResult> results = new HashMap<>();
        results.put(0, exhausted(0, "a"));
        results.put(1, exhausted(1, "a"));
        results.put(2, exhausted(2, "b"));
        results.put(3, exhausted(3, "b"));
        List<PartitionedTask> first = window.refill(results); // two for a (partitions 0, 1), two for b (2, 3)
        assertEquals(4, first.size());
        first.stream().filter(each -> each.partition() >= 2).forEach(each ->
                results.put(each.task().index(), exhausted(each.task().index(), "b")));

        List<PartitionedTask> next = window.refill(results);

        assertEquals(2, next.size(), "b answered both of its tasks, a none");
        assertTrue(next.stream().allMatch(each -> each.partition() >= 2), "only b's partitions: " + partitions(next));
    }

    @Test
    void aPartitionThatChangedHandsQueuesForItsNewHolder() {
        holders.heard(0, "a");
        holders.heard(1, "a");
        TaskWindow window = new TaskWindow(tasks(20), 2, 1, holders);
        assertEquals(List.of(0), indexes(window.refill(Map.of())), "one task at a time for a, who holds both");

        List<PartitionedTask> sent = window.refill(Map.of(0, exhausted(0, "b")));

        assertEquals("b", holders.holder(0));
        assertEquals(List.of(1, 2), indexes(sent), "one for b on partition 0, one for a on partition 1");
        assertEquals(List.of(0, 1), partitions(sent).stream().sorted().toList());
    }

    @Test
    void tasksThatHaveAResultAlreadyAreNotSentAgain() {
        TaskWindow window = new TaskWindow(tasks(8), 2, 1, holders);

        List<PartitionedTask> sent = window.refill(Map.of(0, exhausted(0, "a"), 2, exhausted(2, "a")));

        assertEquals(List.of(1, 3), indexes(sent));
    }

    @Test
    void noTaskAfterOneThatFoundASolutionIsSent() {
        TaskWindow window = new TaskWindow(tasks(20), 2, 2, holders);
        window.refill(Map.of());

        List<PartitionedTask> sent = window.refill(Map.of(1, solved(1), 0, exhausted(0, "a")));

        assertTrue(sent.isEmpty(), "tasks 0 and 1 have results and none after task 1 is needed");
    }

    @Test
    void theLastTasksGoOutAndThenNothing() {
        TaskWindow window = new TaskWindow(tasks(3), 3, 2, holders);

        assertEquals(List.of(0, 1, 2), indexes(window.refill(Map.of())));
        assertTrue(window.refill(Map.of(0, exhausted(0, "a"), 1, exhausted(1, "a"), 2, exhausted(2, "b")))
                .isEmpty());
    }

    @Test
    void aWindowWithoutPartitionsOrRoomIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new TaskWindow(tasks(3), 0, 2, holders));
        assertThrows(IllegalArgumentException.class, () -> new TaskWindow(tasks(3), 2, 0, holders));
    }
}
