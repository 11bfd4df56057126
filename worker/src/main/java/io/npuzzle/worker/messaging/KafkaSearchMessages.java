package io.npuzzle.worker.messaging;

import io.npuzzle.protocol.SearchTask;
import io.npuzzle.protocol.SearchTaskResult;
import io.npuzzle.worker.search.SearchMessages;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Message;

/**
 * Tasks on the tasks topic, each under a key of its own so that an iteration's tasks spread over the partitions
 * (and so over the workers); results on the task results topic, keyed by search. Both wait for the broker.
 */
@ApplicationScoped
public class KafkaSearchMessages implements SearchMessages {

    private final MutinyEmitter<SearchTask> tasks;
    private final MutinyEmitter<SearchTaskResult> results;

    KafkaSearchMessages(@Channel("search-tasks-out") MutinyEmitter<SearchTask> tasks,
                        @Channel("search-results-out") MutinyEmitter<SearchTaskResult> results) {
        this.tasks = tasks;
        this.results = results;
    }

    @Override
    public void publish(SearchTask task) {
        tasks.sendMessageAndAwait(Message.of(task).addMetadata(OutgoingKafkaRecordMetadata.<String>builder()
                .withKey(task.recordKey()).build()));
    }

    @Override
    public void publish(SearchTaskResult result) {
        results.sendMessageAndAwait(Message.of(result).addMetadata(OutgoingKafkaRecordMetadata.<String>builder()
                .withKey(result.searchId()).build()));
    }
}
