package io.npuzzle.worker.messaging;

import io.npuzzle.protocol.SearchIds;
import io.npuzzle.worker.search.CoordinatorWakeups;
import io.smallrye.reactive.messaging.kafka.KafkaRecord;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Incoming;

import java.util.concurrent.CompletionStage;

/**
 * Hears every task result (each worker in a consumer group of its own, from the latest record on) and wakes the
 * coordinator of its search if it runs here. The result itself is read from Redis, where it is recorded first.
 */
@ApplicationScoped
public class SearchResultConsumer {

    private final CoordinatorWakeups wakeups;

    SearchResultConsumer(CoordinatorWakeups wakeups) {
        this.wakeups = wakeups;
    }

    @Incoming("search-results")
    public CompletionStage<Void> onResult(KafkaRecord<String, String> record) {
        String searchId = record.getKey();
        if (SearchIds.isWellFormed(searchId)) {
            wakeups.resultArrived(searchId);
        }
        return record.ack();
    }
}
