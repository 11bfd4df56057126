package io.npuzzle.worker.lifecycle;

import io.npuzzle.core.pdb.TableMemory;
import io.npuzzle.core.solve.SolveCost;
import io.npuzzle.worker.config.WorkerConfig;
import io.npuzzle.worker.solve.SolverSlots;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Refuses to start with budgets that would let a quick request sit unacknowledged long enough for Kafka to give up
 * on the consumer (a request may wait for every request the worker holds, each taking up to the time budget), or
 * with fewer requests in hand than jobs in flight.
 * Heavy requests have no such limit: their consumers renew each record's lock for as long as its job runs.
 */
@ApplicationScoped
public class BudgetCheck {

    private static final Logger LOG = Logger.getLogger(BudgetCheck.class);

    void onStart(@Observes StartupEvent event, WorkerConfig config, SolverSlots slots,
                 @ConfigProperty(name = "mp.messaging.incoming.solve-requests.throttled.unprocessed-record-max-age.ms")
                 long maxRecordAgeMillis,
                 @ConfigProperty(name = "mp.messaging.incoming.solve-requests.max.poll.interval.ms")
                 long maxPollIntervalMillis) {
        SolverSlots.Lane quick = slots.lane(SolveCost.QUICK);
        SolverSlots.Lane heavy = slots.lane(SolveCost.HEAVY);
        String problem = config.inHand() < config.inFlight()
                ? handProblem(config.inFlight(), config.inHand())
                : problem(config.inHand(), quick.concurrency(), quick.budget().maxMillis(),
                kafkaLimit(maxRecordAgeMillis, maxPollIntervalMillis));
        if (problem != null) {
            throw new IllegalStateException(problem);
        }
        LOG.infof("quick jobs: %d solves at once, %d in flight, %d in hand, budget %d ms / %d nodes;"
                        + " heavy jobs: %d at once, budget %d ms / %d nodes / %d MiB each;"
                        + " database tables: up to %d MiB",
                quick.concurrency(), config.inFlight(), config.inHand(), quick.budget().maxMillis(),
                quick.budget().maxNodes(),
                heavy.concurrency(), heavy.budget().maxMillis(), heavy.budget().maxNodes(),
                heavy.budget().maxBytes() >> 20, TableMemory.PROCESS.limit() >> 20);
    }

    /** The longest a record may wait unacknowledged; an age limit of 0 means none. */
    private static long kafkaLimit(long maxRecordAgeMillis, long maxPollIntervalMillis) {
        return maxRecordAgeMillis > 0 ? Math.min(maxRecordAgeMillis, maxPollIntervalMillis) : maxPollIntervalMillis;
    }

    /** Why fewer records in hand than jobs in flight leave places that no record can take. */
    static String handProblem(int inFlight, int inHand) {
        return String.format("npuzzle.worker.in-hand (%d) is below npuzzle.worker.in-flight (%d): the worker would"
                + " never hold enough records to fill its places; raise in-hand to at least in-flight", inHand,
                inFlight);
    }

    /** Why these settings are unsafe, or null when the worst wait stays within half of Kafka's limit. */
    static String problem(int inHand, int concurrency, long maxMillis, long kafkaLimitMillis) {
        long rounds = (inHand + concurrency - 1) / concurrency;
        long worstMillis = rounds * maxMillis;
        if (2 * worstMillis <= kafkaLimitMillis) {
            return null;
        }
        return String.format("%d requests in hand with %d solves at once and a budget of %d ms"
                        + " let a request wait up to %d ms, more than half of Kafka's limit of %d ms: lower the"
                        + " budget or the requests in hand", inHand, concurrency, maxMillis, worstMillis,
                kafkaLimitMillis);
    }
}
