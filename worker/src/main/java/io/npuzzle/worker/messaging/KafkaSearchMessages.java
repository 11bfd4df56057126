package io.npuzzle.worker.messaging;

import io.npuzzle.protocol.SearchTaskResult;
import io.npuzzle.protocol.Topics;
import io.npuzzle.runtime.json.JsonCodec;
import io.npuzzle.worker.search.PartitionedTask;
import io.npuzzle.worker.search.SearchMessages;
import io.opentelemetry.context.Context;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.TracingMetadata;
import io.smallrye.reactive.messaging.kafka.KafkaClientService;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.eclipse.microprofile.reactive.messaging.OnOverflow;

import java.util.List;

/**
 * Tasks on the tasks topic, each on the partition its coordinator chose ({@code TaskWindow}). Results on the task
 * results topic, keyed by search, sent without waiting: they only wake the coordinator, which reads the results
 * from Redis (and looks there now and then anyway). Tasks carry the trace context of the job whose search they
 * share, so that every worker's part of the search shows in the job's trace.
 */
@ApplicationScoped
public class KafkaSearchMessages implements SearchMessages {

    private static final String TASKS_CHANNEL = "search-tasks-out";

    private final MutinyEmitter<String> tasks;
    private final MutinyEmitter<String> results;
    private final KafkaClientService clients;
    private final JsonCodec json;

    /** Room for many iterations' windows sent at once. */
    KafkaSearchMessages(@Channel(TASKS_CHANNEL) @OnOverflow(value = OnOverflow.Strategy.BUFFER,
                                bufferSize = 65_536) MutinyEmitter<String> tasks,
                        @Channel("search-results-out") MutinyEmitter<String> results,
                        KafkaClientService clients, JsonCodec json) {
        this.tasks = tasks;
        this.results = results;
        this.clients = clients;
        this.json = json;
    }

    @Override
    public int taskPartitions() {
        return clients.getProducer(TASKS_CHANNEL).partitionsFor(Topics.SEARCH_TASKS).await().indefinitely().size();
    }

    @Override
    public void publish(List<PartitionedTask> partitioned) {
        if (partitioned.isEmpty()) {
            return;
        }
        // Taken on the coordinator's thread, that of the job's handling: buffered messages are sent from another.
        TracingMetadata trace = TracingMetadata.withCurrent(Context.current());
        // Sent together, then awaited together: one round of acknowledgements, not one per task.
        List<Uni<Void>> sent = partitioned.stream().map(each -> tasks.sendMessage(Message.of(json.write(each.task()))
                .addMetadata(OutgoingKafkaRecordMetadata.<String>builder().withKey(each.task().recordKey())
                        .withPartition(each.partition()).build()).addMetadata(trace))).toList();
        Uni.join().all(sent).andFailFast().await().indefinitely();
    }

    @Override
    public void publish(SearchTaskResult result) {
        results.sendMessageAndForget(Message.of(json.write(result)).addMetadata(OutgoingKafkaRecordMetadata
                .<String>builder().withKey(result.searchId()).build()));
    }
}
