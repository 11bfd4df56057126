package io.npuzzle.worker.messaging;

import io.npuzzle.protocol.SearchIds;
import io.npuzzle.protocol.SearchTaskResult;
import io.npuzzle.runtime.json.JsonCodec;
import io.npuzzle.worker.search.HeardResults;
import io.smallrye.reactive.messaging.kafka.KafkaRecord;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;

import java.util.concurrent.CompletionStage;

/**
 * Hears every task result (each worker in a consumer group of its own, from the latest record on) and hands it to
 * the coordinator of its search if it runs here; results of other searches are not even decoded. A record that
 * does not decode is passed over: the coordinator also reads the results from Redis, where they are recorded first.
 */
@ApplicationScoped
public class SearchResultConsumer {

    private static final Logger LOG = Logger.getLogger(SearchResultConsumer.class);

    private final HeardResults heard;
    private final JsonCodec json;

    SearchResultConsumer(HeardResults heard, JsonCodec json) {
        this.heard = heard;
        this.json = json;
    }

    @Incoming("search-results")
    public CompletionStage<Void> onResult(KafkaRecord<String, String> record) {
        String searchId = record.getKey();
        if (SearchIds.isWellFormed(searchId) && heard.follows(searchId)) {
            try {
                SearchTaskResult result = json.read(record.getPayload(), SearchTaskResult.class);
                if (searchId.equals(result.searchId())) {
                    heard.resultArrived(result);
                }
            } catch (IllegalStateException e) {
                LOG.debugf("passed over a task result of search %s that does not decode: %s", searchId, e.getMessage());
            }
        }
        return record.ack();
    }
}
