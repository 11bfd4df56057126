package io.npuzzle.api.messaging;

import io.npuzzle.api.jobs.JobStore;
import io.npuzzle.protocol.SolveOutcome;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;

/**
 * Records the outcomes that workers publish. All API replicas share one consumer group, so each outcome is
 * recorded once; the offset is committed only after Redis has it. A duplicate outcome (after a redelivery)
 * changes nothing: the first one recorded stays.
 */
@ApplicationScoped
public class SolveResultConsumer {

    private static final Logger LOG = Logger.getLogger(SolveResultConsumer.class);

    private final JobStore store;

    SolveResultConsumer(JobStore store) {
        this.store = store;
    }

    @Incoming("solve-results")
    public Uni<Void> onResult(SolveOutcome outcome) {
        if (outcome == null || outcome.jobId() == null) {
            LOG.warn("skipping a record that is not a solve outcome");
            return Uni.createFrom().voidItem();
        }
        return store.finish(outcome).invoke(recorded -> {
            if (!recorded) {
                LOG.debugf("job %s: outcome already recorded or job gone", outcome.jobId());
            }
        }).replaceWithVoid();
    }
}
