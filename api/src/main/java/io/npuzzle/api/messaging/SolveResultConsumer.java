package io.npuzzle.api.messaging;

import io.npuzzle.api.jobs.FinishedJob;
import io.npuzzle.api.jobs.JobStore;
import io.npuzzle.api.metrics.JobMetrics;
import io.npuzzle.protocol.SolveOutcome;
import io.npuzzle.runtime.retry.Backoff;
import io.npuzzle.runtime.traces.JobAttributes;
import io.npuzzle.runtime.traces.ServiceSpans;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.context.Context;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.TracingMetadata;
import io.smallrye.reactive.messaging.kafka.api.IncomingKafkaRecordBatchMetadata;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.jboss.logging.Logger;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Records the outcomes that workers publish. All API replicas share one consumer group, so each outcome is
 * recorded once. Outcomes arrive in batches (one per poll) and a batch is recorded concurrently; its offsets are
 * committed only after the store has all of it, however long Redis is away. A duplicate outcome (after a
 * redelivery) changes nothing: the first one recorded stays.
 */
@ApplicationScoped
public class SolveResultConsumer {

    private static final Logger LOG = Logger.getLogger(SolveResultConsumer.class);

    private final JobStore store;
    private final JobMetrics metrics;
    private final ServiceSpans spans;

    SolveResultConsumer(JobStore store, JobMetrics metrics, ServiceSpans spans) {
        this.store = store;
        this.metrics = metrics;
        this.spans = spans;
    }

    /** @param batch the records of {@code outcomes}, in the same order */
    @Incoming("solve-results")
    public Uni<Void> onResults(List<SolveOutcome> outcomes, IncomingKafkaRecordBatchMetadata<String, ?> batch) {
        List<Uni<Optional<FinishedJob>>> recorded = new ArrayList<>(outcomes.size());
        for (int i = 0; i < outcomes.size(); i++) {
            SolveOutcome outcome = outcomes.get(i);
            if (outcome != null && outcome.jobId() != null) {
                recorded.add(recorded(outcome, receipt(batch, i)));
            }
        }
        if (recorded.size() < outcomes.size()) {
            LOG.warnf("skipped %d records that are not solve outcomes", outcomes.size() - recorded.size());
        }
        if (recorded.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        // Retried until the store takes them: the batch is acknowledged, and its offsets committed, only then.
        return Uni.join().all(recorded).andFailFast().replaceWithVoid()
                .onFailure().invoke(e -> LOG.warnf("recording %d outcomes failed, retrying: %s", recorded.size(),
                        e.getMessage()))
                .onFailure().retry().withBackOff(Backoff.SERVERS.first(), Backoff.SERVERS.longest()).indefinitely();
    }

    private Uni<Optional<FinishedJob>> recorded(SolveOutcome outcome, Context receipt) {
        Span span = spans.start("record outcome", receipt);
        span.setAttribute(JobAttributes.JOB_ID, outcome.jobId());
        span.setAttribute(JobAttributes.OUTCOME, String.valueOf(outcome.status()).toLowerCase(Locale.ROOT));
        return store.finish(outcome).invoke(finished -> finished.ifPresent(job -> {
            metrics.finished(job.request(), outcome.status());
            metrics.finished(job.client());
        })).eventually(() -> span.end());
    }

    /**
     * The connector's span of the receipt of the batch's {@code index}th record, where it traces the channel; the
     * root context where it does not, or where the batch comes without its records.
     */
    private static Context receipt(IncomingKafkaRecordBatchMetadata<String, ?> batch, int index) {
        if (batch == null || index >= batch.getBatchedMessages().size()) {
            return Context.root();
        }
        Message<?> record = batch.getBatchedMessages().get(index);
        return TracingMetadata.fromMessage(record).map(TracingMetadata::getCurrentContext).orElse(Context.root());
    }
}
