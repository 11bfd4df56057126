package io.npuzzle.worker;

import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Refuses to start with budgets that would let a request sit unacknowledged long enough for Kafka to give up on
 * the consumer: a request may wait for every request ahead of it in flight, each taking up to the time budget.
 */
@ApplicationScoped
public class BudgetCheck {

    private static final Logger LOG = Logger.getLogger(BudgetCheck.class);

    void onStart(@Observes StartupEvent event, WorkerConfig config, BoundedSolver solver,
                 @ConfigProperty(name = "mp.messaging.incoming.solve-requests.throttled.unprocessed-record-max-age.ms")
                 long maxRecordAgeMillis,
                 @ConfigProperty(name = "mp.messaging.incoming.solve-requests.max.poll.interval.ms")
                 long maxPollIntervalMillis) {
        String problem = problem(config.inFlight(), solver.concurrency(), config.solve().maxMillis(),
                // An age limit of 0 means none.
                maxRecordAgeMillis > 0 ? Math.min(maxRecordAgeMillis, maxPollIntervalMillis) : maxPollIntervalMillis);
        if (problem != null) {
            throw new IllegalStateException(problem);
        }
        LOG.infof("solving %d jobs at once, %d in flight, budget %d ms / %d nodes", solver.concurrency(),
                config.inFlight(), config.solve().maxMillis(), config.solve().maxNodes());
    }

    /** Why these settings are unsafe, or null when the worst wait stays within half of Kafka's limit. */
    static String problem(int inFlight, int concurrency, long maxMillis, long kafkaLimitMillis) {
        long rounds = (inFlight + concurrency - 1) / concurrency;
        long worstMillis = rounds * maxMillis;
        if (2 * worstMillis <= kafkaLimitMillis) {
            return null;
        }
        return String.format("npuzzle.worker.in-flight=%d with %d solves at once and npuzzle.worker.solve.max-millis=%d"
                        + " let a request wait up to %d ms, more than half of Kafka's limit of %d ms: lower the"
                        + " budget or the jobs in flight", inFlight, concurrency, maxMillis, worstMillis,
                kafkaLimitMillis);
    }
}
