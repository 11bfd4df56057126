package io.npuzzle.worker.lifecycle;

import io.npuzzle.runtime.retry.Backoff;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

/**
 * Runs a step that needs Redis or Kafka again and again, backing off, until it succeeds: an outage delays jobs,
 * it never drops them or fails them. Only the worker stopping ends the attempts, which leaves the record
 * unacknowledged for redelivery. An {@link Error} is no outage: it is not retried.
 */
@ApplicationScoped
public class UntilAvailable {

    private static final Logger LOG = Logger.getLogger(UntilAvailable.class);

    /** Thrown instead of a result when the worker stops while a step is still failing. */
    public static class Stopping extends RuntimeException {
        public Stopping() {
            super("the worker is stopping", null, false, false);
        }
    }

    private final GracefulStop stop;

    public UntilAvailable(GracefulStop stop) {
        this.stop = stop;
    }

    /** The step's result, once it succeeds. */
    public <T> T run(String what, Supplier<T> step) {
        Duration pause = Backoff.SERVERS.first();
        for (int attempt = 1; ; attempt++) {
            try {
                return step.get();
            } catch (RuntimeException e) {
                if (stop.stopping()) {
                    throw new Stopping();
                }
                if (attempt == 1) {
                    LOG.warnf("%s failed, retrying until it works: %s", what, e.toString());
                }
            }
            LockSupport.parkNanos(pause.toNanos());
            pause = Backoff.SERVERS.after(pause);
        }
    }

    /** Runs the step until it succeeds. */
    public void run(String what, Runnable step) {
        run(what, () -> {
            step.run();
            return null;
        });
    }
}
