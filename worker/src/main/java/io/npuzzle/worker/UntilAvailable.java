package io.npuzzle.worker;

import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

/**
 * Runs a step that needs Redis or Kafka again and again, backing off, until it succeeds: an outage delays jobs,
 * it never drops them or fails them. Only a poison record, which no retry can mend, ends the attempts, and so does
 * the worker stopping, which leaves the record unacknowledged for redelivery.
 */
@ApplicationScoped
public class UntilAvailable {

    private static final Logger LOG = Logger.getLogger(UntilAvailable.class);
    private static final Duration FIRST_PAUSE = Duration.ofMillis(100);
    private static final Duration LONGEST_PAUSE = Duration.ofSeconds(2);

    /** Thrown instead of a result when the worker stops while a step is still failing. */
    public static class Stopping extends RuntimeException {
        Stopping() {
            super("the worker is stopping", null, false, false);
        }
    }

    private final GracefulStop stop;

    UntilAvailable(GracefulStop stop) {
        this.stop = stop;
    }

    /** The step's result, once it succeeds. */
    public <T> T run(String what, Supplier<T> step) {
        Duration pause = FIRST_PAUSE;
        for (int attempt = 1; ; attempt++) {
            try {
                return step.get();
            } catch (PoisonRecordException e) {
                throw e;
            } catch (RuntimeException e) {
                if (stop.stopping()) {
                    throw new Stopping();
                }
                if (attempt == 1) {
                    LOG.warnf("%s failed, retrying until it works: %s", what, e.toString());
                }
            }
            LockSupport.parkNanos(pause.toNanos());
            pause = pause.multipliedBy(2).compareTo(LONGEST_PAUSE) > 0 ? LONGEST_PAUSE : pause.multipliedBy(2);
        }
    }
}
