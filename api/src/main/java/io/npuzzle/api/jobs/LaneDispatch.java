package io.npuzzle.api.jobs;

import io.npuzzle.api.config.ApiConfig;
import io.npuzzle.api.metrics.JobMetrics;
import io.npuzzle.core.solve.SolveCost;
import io.npuzzle.protocol.ClientLabel;
import io.npuzzle.protocol.SolveRequest;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.subscription.Cancellable;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import org.jboss.logging.Logger;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Publishes the jobs that wait their turn in a lane, in fair turns between their clients ({@link JobStore#dispatch}),
 * as the lane's window of published jobs not yet started ({@link LaneWindow}) makes room: at once when a worker starts a job or a job
 * ends (announced on Redis channels every replica follows), and every {@code dispatch-period} besides, which also
 * picks up what another replica queued and any announcement missed. Looks at a lane run one at a time per replica;
 * the store hands each job to one replica only. A job handed out whose publication fails is open, and the re-drive
 * publishes it again once it goes quiet.
 */
@ApplicationScoped
public class LaneDispatch {

    private static final Logger LOG = Logger.getLogger(LaneDispatch.class);
    /** Jobs handed out per look: a long queue is published over several looks rather than in one burst. */
    static final int JOBS_PER_LOOK = 100;

    private final JobStore store;
    private final JobQueue queue;
    private final JobMetrics metrics;
    private final ApiConfig.FairShare config;
    private final Map<SolveCost, Looks> lanes = new EnumMap<>(SolveCost.class);
    private Cancellable ticks;

    @Inject
    public LaneDispatch(JobStore store, JobQueue queue, JobMetrics metrics, ApiConfig config) {
        this(store, queue, metrics, config.fairShare());
    }

    public LaneDispatch(JobStore store, JobQueue queue, JobMetrics metrics, ApiConfig.FairShare config) {
        this.store = store;
        this.queue = queue;
        this.metrics = metrics;
        this.config = config;
        for (SolveCost lane : SolveCost.values()) {
            lanes.put(lane, new Looks(lane));
        }
    }

    void start(@Observes StartupEvent event) {
        // The first look a period after start, not at it: what waits is looked at on every submission, start and end
        // anyway, and a replica given a long period (as tests that hand out jobs themselves are) looks only when told.
        ticks = Multi.createFrom().ticks().startingAfter(config.dispatchPeriod()).every(config.dispatchPeriod())
                .subscribe().with(tick -> lanes.values().forEach(Looks::look));
    }

    void stop(@Observes ShutdownEvent event) {
        if (ticks != null) {
            ticks.cancel();
        }
    }

    /** A job of the lane was queued behind others: looks at once, since the window may have room. */
    public void waiting(SolveCost lane) {
        Looks looks = lanes.get(lane);
        looks.clientsWait = true;
        looks.look();
    }

    /** A job started or ended somewhere: looks at the lanes where this replica last saw clients waiting. */
    public void roomMayHaveFreed() {
        for (Looks looks : lanes.values()) {
            if (looks.clientsWait) {
                looks.look();
            }
        }
    }

    /** Counts a job published, at once or in its turn, with its wait from submission. */
    public void handedOut(SolveRequest request, SolveCost lane) {
        metrics.handedOut(ClientLabel.of(request.owner()), lane, request.submittedAt());
    }

    /** The looks at one lane: one at a time, and one more when asked while one runs. */
    private final class Looks {

        private final SolveCost lane;
        private final AtomicBoolean running = new AtomicBoolean();
        private final AtomicBoolean again = new AtomicBoolean();
        private volatile boolean clientsWait;

        Looks(SolveCost lane) {
            this.lane = lane;
        }

        void look() {
            again.set(true);
            if (!running.compareAndSet(false, true)) {
                return;
            }
            again.set(false);
            store.dispatch(lane, JOBS_PER_LOOK).call(this::publish)
                    .subscribe().with(dispatch -> {
                        clientsWait = dispatch.clientsWaiting() > 0;
                        metrics.waiting(lane, dispatch.jobsWaiting());
                        boolean full = dispatch.handedOut().size() == JOBS_PER_LOOK;
                        done(full);
                    }, failure -> {
                        LOG.debugf("handing out the %s lane's next jobs failed: %s", lane, failure.getMessage());
                        done(false);
                    });
        }

        private Uni<Void> publish(Dispatch dispatch) {
            if (dispatch.handedOut().isEmpty()) {
                return Uni.createFrom().voidItem();
            }
            return Uni.join().all(dispatch.handedOut().stream().map(request -> queue.enqueue(request, lane)
                            .invoke(() -> handedOut(request.value(), lane))).toList())
                    .usingConcurrencyOf(JOBS_PER_LOOK).andCollectFailures().replaceWithVoid()
                    .onFailure().invoke(e -> LOG.warnf("a job handed out could not be published; the re-drive"
                            + " publishes it once it goes quiet: %s", e.getMessage()))
                    .onFailure().recoverWithNull();
        }

        private void done(boolean more) {
            running.set(false);
            if (more || again.get()) {
                look();
            }
        }
    }
}
