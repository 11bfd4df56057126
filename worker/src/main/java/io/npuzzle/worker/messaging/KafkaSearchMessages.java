package io.npuzzle.worker.messaging;

import io.npuzzle.protocol.SearchTask;
import io.npuzzle.protocol.SearchTaskResult;
import io.npuzzle.protocol.Topics;
import io.npuzzle.worker.search.SearchMessages;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.kafka.KafkaClientService;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.eclipse.microprofile.reactive.messaging.OnOverflow;

import java.util.List;

/**
 * Tasks on the tasks topic, an iteration's tasks cut into one run of consecutive indexes per partition; the
 * searchers' consumers take the partitions round-robin, so each worker holds runs from all over the iteration
 * (balance) and drains them in index order: the last iteration needs only the tasks up to the first solution, and
 * every worker reaches those first. Results on the task results topic, keyed by search, sent without waiting: they
 * only wake the coordinator, which reads the results from Redis (and looks there now and then anyway).
 */
@ApplicationScoped
public class KafkaSearchMessages implements SearchMessages {

    private static final String TASKS_CHANNEL = "search-tasks-out";

    private final MutinyEmitter<SearchTask> tasks;
    private final MutinyEmitter<SearchTaskResult> results;
    private final KafkaClientService clients;

    /** Room for a whole iteration's tasks sent at once. */
    KafkaSearchMessages(@Channel(TASKS_CHANNEL) @OnOverflow(value = OnOverflow.Strategy.BUFFER,
                                bufferSize = 65_536) MutinyEmitter<SearchTask> tasks,
                        @Channel("search-results-out") MutinyEmitter<SearchTaskResult> results,
                        KafkaClientService clients) {
        this.tasks = tasks;
        this.results = results;
        this.clients = clients;
    }

    @Override
    public void publish(List<SearchTask> iteration) {
        if (iteration.isEmpty()) {
            return;
        }
        int partitions = clients.getProducer(TASKS_CHANNEL).partitionsFor(Topics.SEARCH_TASKS).await()
                .indefinitely().size();
        int count = iteration.stream().mapToInt(SearchTask::index).max().getAsInt() + 1;
        // Sent together, then awaited together: one round of acknowledgements, not one per task.
        List<Uni<Void>> sent = iteration.stream().map(task -> tasks.sendMessage(Message.of(task).addMetadata(
                OutgoingKafkaRecordMetadata.<String>builder().withKey(task.recordKey())
                        .withPartition((int) ((long) task.index() * partitions / count)).build()))).toList();
        Uni.join().all(sent).andFailFast().await().indefinitely();
    }

    @Override
    public void publish(SearchTaskResult result) {
        results.sendMessageAndForget(Message.of(result).addMetadata(OutgoingKafkaRecordMetadata.<String>builder()
                .withKey(result.searchId()).build()));
    }
}
