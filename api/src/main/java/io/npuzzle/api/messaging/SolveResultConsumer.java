package io.npuzzle.api.messaging;

import io.npuzzle.api.jobs.FinishedJob;
import io.npuzzle.api.jobs.JobStore;
import io.npuzzle.api.jobs.JobWaiters;
import io.npuzzle.api.metrics.JobMetrics;
import io.npuzzle.protocol.Job;
import io.npuzzle.protocol.SolveOutcome;
import io.npuzzle.runtime.json.Encoded;
import io.npuzzle.runtime.json.JsonCodec;
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
 * recorded once. Outcomes arrive in batches (one per poll) and a batch is recorded in one round trip to the
 * store; its offsets are committed only after the store has all of it, however long Redis is away. A duplicate
 * outcome (after a redelivery) changes nothing: the first one recorded stays. An outcome is decoded once and stored
 * as the text it came as; this replica's own waiters for the job are woken with it at once, the others' by the
 * store's announcement.
 */
@ApplicationScoped
public class SolveResultConsumer {

    private static final Logger LOG = Logger.getLogger(SolveResultConsumer.class);

    private final JobStore store;
    private final JobMetrics metrics;
    private final ServiceSpans spans;
    private final JsonCodec json;
    private final JobWaiters waiters;

    SolveResultConsumer(JobStore store, JobMetrics metrics, ServiceSpans spans, JsonCodec json, JobWaiters waiters) {
        this.store = store;
        this.metrics = metrics;
        this.spans = spans;
        this.json = json;
        this.waiters = waiters;
    }

    /** @param batch the records of {@code outcomes}, in the same order */
    @Incoming("solve-results")
    public Uni<Void> onResults(List<String> outcomes, IncomingKafkaRecordBatchMetadata<String, ?> batch) {
        List<Encoded<SolveOutcome>> decoded = new ArrayList<>(outcomes.size());
        List<Context> receipts = new ArrayList<>(outcomes.size());
        for (int i = 0; i < outcomes.size(); i++) {
            Encoded<SolveOutcome> outcome = decoded(outcomes.get(i));
            if (outcome != null) {
                decoded.add(outcome);
                receipts.add(receipt(batch, i));
            }
        }
        if (decoded.size() < outcomes.size()) {
            LOG.warnf("skipped %d records that are not solve outcomes", outcomes.size() - decoded.size());
        }
        if (decoded.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        // Retried until the store takes them: the batch is acknowledged, and its offsets committed, only then.
        return Uni.createFrom().deferred(() -> recorded(decoded, receipts))
                .onFailure().invoke(e -> LOG.warnf("recording %d outcomes failed, retrying: %s", decoded.size(),
                        e.getMessage()))
                .onFailure().retry().withBackOff(Backoff.SERVERS.first(), Backoff.SERVERS.longest()).indefinitely();
    }

    /** The outcome a record holds, or null when it holds none. */
    private Encoded<SolveOutcome> decoded(String text) {
        if (text == null) {
            return null;
        }
        try {
            Encoded<SolveOutcome> outcome = json.decoded(text, SolveOutcome.class);
            return outcome.value() != null && outcome.value().jobId() != null ? outcome : null;
        } catch (IllegalStateException e) {
            return null;
        }
    }

    /** Records the batch in one call to the store, each outcome a span of its own. */
    private Uni<Void> recorded(List<Encoded<SolveOutcome>> outcomes, List<Context> receipts) {
        List<Span> spans = new ArrayList<>(outcomes.size());
        for (int i = 0; i < outcomes.size(); i++) {
            SolveOutcome outcome = outcomes.get(i).value();
            Span span = this.spans.start("record outcome", receipts.get(i));
            span.setAttribute(JobAttributes.JOB_ID, outcome.jobId());
            span.setAttribute(JobAttributes.OUTCOME, String.valueOf(outcome.status()).toLowerCase(Locale.ROOT));
            spans.add(span);
            waiters.recording(outcome.jobId());
        }
        return store.finishAll(outcomes).invoke(finished -> {
            for (int i = 0; i < outcomes.size(); i++) {
                SolveOutcome outcome = outcomes.get(i).value();
                Optional<FinishedJob> job = finished.get(i);
                waiters.recorded(outcome.jobId(), () -> job.map(each -> Job.of(each.request(), true, outcome))
                        .orElse(null));
                job.ifPresent(each -> {
                    metrics.finished(each.request(), outcome.status());
                    metrics.finished(each.client());
                });
            }
        }).onFailure().invoke(() -> outcomes.forEach(outcome -> waiters.notRecorded(outcome.value().jobId())))
                .eventually(() -> spans.forEach(Span::end)).replaceWithVoid();
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
