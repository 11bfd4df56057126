package io.npuzzle.api.messaging;

import io.npuzzle.api.jobs.FinishedJob;
import io.npuzzle.api.jobs.JobStore;
import io.npuzzle.api.metrics.JobMetrics;
import io.npuzzle.protocol.SolveOutcome;
import io.npuzzle.runtime.retry.Backoff;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;

import java.util.List;
import java.util.Objects;
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

    SolveResultConsumer(JobStore store, JobMetrics metrics) {
        this.store = store;
        this.metrics = metrics;
    }

    @Incoming("solve-results")
    public Uni<Void> onResults(List<SolveOutcome> outcomes) {
        List<Uni<Optional<FinishedJob>>> recorded = outcomes.stream().filter(Objects::nonNull)
                .filter(o -> o.jobId() != null)
                .map(outcome -> store.finish(outcome).invoke(finished -> finished.ifPresent(job -> {
                    metrics.finished(job.request(), outcome.status());
                    metrics.finished(job.client());
                }))).toList();
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
}
