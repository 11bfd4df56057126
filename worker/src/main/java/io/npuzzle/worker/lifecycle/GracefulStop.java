package io.npuzzle.worker.lifecycle;

import io.npuzzle.worker.config.WorkerConfig;
import io.quarkus.runtime.ShutdownEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Stops a worker without wasting work: on shutdown it takes no new job and gives the jobs in hand up to the grace
 * period to finish, before the Kafka consumer closes and commits what was acknowledged. Records that arrive
 * meanwhile, and jobs still unfinished when the grace period ends, stay unacknowledged: they are redelivered to
 * the worker that takes over their partitions.
 */
@ApplicationScoped
public class GracefulStop {

    private static final Logger LOG = Logger.getLogger(GracefulStop.class);

    private final AtomicInteger inHand = new AtomicInteger();
    private final Duration grace;
    private volatile boolean stopping;

    @Inject
    GracefulStop(WorkerConfig config) {
        this(config.shutdownGrace());
    }

    public GracefulStop(Duration grace) {
        this.grace = grace;
    }

    /** Takes a job on, unless the worker is stopping; every true answer must be followed by {@link #done()}. */
    public boolean take() {
        // Counted before the check, so that a stop either sees this job or this job sees the stop.
        inHand.incrementAndGet();
        if (stopping) {
            done();
            return false;
        }
        return true;
    }

    public void done() {
        if (inHand.decrementAndGet() == 0) {
            synchronized (this) {
                notifyAll();
            }
        }
    }

    public boolean stopping() {
        return stopping;
    }

    /** Jobs taken on and not done yet. */
    public int inHand() {
        return inHand.get();
    }

    /** Stops taking jobs and waits, up to the grace period, for those in hand; called on shutdown. */
    public void onStop(@Observes ShutdownEvent event) {
        stopping = true;
        long deadline = System.nanoTime() + grace.toNanos();
        synchronized (this) {
            long left;
            while (inHand.get() > 0 && (left = deadline - System.nanoTime()) > 0) {
                try {
                    wait(Math.max(1, left / 1_000_000));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        }
        int unfinished = inHand.get();
        if (unfinished == 0) {
            LOG.info("stopping: every job in hand finished");
        } else {
            LOG.infof("stopping: %d jobs unfinished after %s, left for redelivery", unfinished, grace);
        }
    }
}
