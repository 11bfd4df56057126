package io.npuzzle.api.messaging;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.npuzzle.api.config.ApiConfig;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.smallrye.mutiny.subscription.Cancellable;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.jboss.logging.Logger;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * Watches the outcomes that workers published and no replica has recorded yet (the outcome group's lag, which
 * the consumers' own lag metrics do not show while the group waits in a rebalance). It is stalled while outcomes
 * wait and the group's committed offsets have not moved: served as {@code npuzzle_outcomes_backlog} and
 * {@code npuzzle_outcomes_backlog_stalled_seconds}, and in the health details ({@link OutcomeBacklogCheck}).
 */
@ApplicationScoped
public class OutcomeBacklog {

    private static final Logger LOG = Logger.getLogger(OutcomeBacklog.class);

    private final OutcomeGroup group;
    private final ApiConfig.Outcomes config;
    private final Clock clock;
    private final Trend trend;
    private Cancellable looks;

    OutcomeBacklog(OutcomeGroup group, ApiConfig config, MeterRegistry registry) {
        this.group = group;
        this.config = config.outcomes();
        this.clock = Clock.systemUTC();
        this.trend = new Trend(clock.instant());
        Gauge.builder("npuzzle.outcomes.backlog", trend, t -> t.records)
                .description("Outcomes published by workers and not yet recorded by the API's consumer group")
                .register(registry);
        Gauge.builder("npuzzle.outcomes.backlog.stalled", this, backlog -> backlog.stalledFor().toMillis() / 1000.0)
                .baseUnit("seconds")
                .description("How long outcomes have waited while the API's consumer group committed nothing")
                .register(registry);
    }

    void start(@Observes StartupEvent event) {
        looks = Multi.createFrom().ticks().every(config.watchPeriod())
                .onItem().transformToUniAndConcatenate(tick -> Uni.createFrom().item(this::look)
                        .runSubscriptionOn(Infrastructure.getDefaultWorkerPool()))
                .subscribe().with(looked -> { });
    }

    void stop(@Observes ShutdownEvent event) {
        if (looks != null) {
            looks.cancel();
        }
    }

    private boolean look() {
        try {
            OutcomeGroup.Backlog backlog = group.backlog();
            boolean wasStalled = isStalled();
            trend.record(backlog, clock.instant());
            if (isStalled() && !wasStalled) {
                LOG.warnf("%d outcomes wait in %s and it has committed nothing for %d s", backlog.records(),
                        group.groupId(), stalledFor().toSeconds());
            }
            return true;
        } catch (OutcomeGroup.KafkaCallException e) {
            LOG.debugf("could not measure the outcome backlog: %s", e.getMessage());
            return false;
        }
    }

    /** Outcomes waiting at the last look. */
    public long records() {
        return trend.records;
    }

    /** How long outcomes have waited with no commit of the group; zero while nothing waits. */
    public Duration stalledFor() {
        return trend.stalledFor(clock.instant());
    }

    /** Whether outcomes have waited without a commit for longer than {@code npuzzle.api.outcomes.stalled-after}. */
    public boolean isStalled() {
        return stalledFor().compareTo(config.stalledAfter()) > 0;
    }

    public String groupId() {
        return group.groupId();
    }

    /** The backlog over successive looks: since when outcomes have waited while the committed offsets stood. */
    static final class Trend {

        private volatile long records;
        private volatile long committed = -1;
        private volatile Instant lastMove;

        Trend(Instant start) {
            this.lastMove = start;
        }

        void record(OutcomeGroup.Backlog backlog, Instant at) {
            if (backlog.records() == 0 || backlog.committed() != committed) {
                lastMove = at;
            }
            committed = backlog.committed();
            records = backlog.records();
        }

        Duration stalledFor(Instant now) {
            return records == 0 ? Duration.ZERO : Duration.between(lastMove, now);
        }
    }
}
