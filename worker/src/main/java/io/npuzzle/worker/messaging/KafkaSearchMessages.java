package io.npuzzle.worker.messaging;

import io.npuzzle.protocol.SearchTask;
import io.npuzzle.protocol.SearchTaskResult;
import io.npuzzle.worker.search.SearchMessages;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.eclipse.microprofile.reactive.messaging.OnOverflow;

import java.util.List;

/**
 * Tasks on the tasks topic, each under a key of its own so that an iteration's tasks spread over the partitions
 * (and so over the workers), each sent once the broker has it; results on the task results topic, keyed by search,
 * sent without waiting: they only wake the coordinator, which reads the results from Redis (and looks there now
 * and then anyway).
 */
@ApplicationScoped
public class KafkaSearchMessages implements SearchMessages {

    private final MutinyEmitter<SearchTask> tasks;
    private final MutinyEmitter<SearchTaskResult> results;

    /** Room for a whole iteration's tasks sent at once. */
    KafkaSearchMessages(@Channel("search-tasks-out") @OnOverflow(value = OnOverflow.Strategy.BUFFER,
                                bufferSize = 65_536) MutinyEmitter<SearchTask> tasks,
                        @Channel("search-results-out") MutinyEmitter<SearchTaskResult> results) {
        this.tasks = tasks;
        this.results = results;
    }

    @Override
    public void publish(List<SearchTask> iteration) {
        if (iteration.isEmpty()) {
            return;
        }
        // Sent together, then awaited together: one round of acknowledgements, not one per task.
        List<Uni<Void>> sent = iteration.stream().map(task -> tasks.sendMessage(Message.of(task).addMetadata(
                OutgoingKafkaRecordMetadata.<String>builder().withKey(task.recordKey()).build()))).toList();
        Uni.join().all(sent).andFailFast().await().indefinitely();
    }

    @Override
    public void publish(SearchTaskResult result) {
        results.sendMessageAndForget(Message.of(result).addMetadata(OutgoingKafkaRecordMetadata.<String>builder()
                .withKey(result.searchId()).build()));
    }
}
