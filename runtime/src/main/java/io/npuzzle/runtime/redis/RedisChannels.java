package io.npuzzle.runtime.redis;

import io.npuzzle.runtime.retry.Backoff;
import io.quarkus.redis.datasource.ReactiveRedisDataSource;
import io.quarkus.runtime.ShutdownEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.jboss.logging.Logger;

import java.util.function.Consumer;

/**
 * Subscriptions to Redis pub/sub channels that last as long as the service: whenever one ends (Redis restarted,
 * the connection lost), it subscribes again, backing off, until the service stops. Messages published while no
 * subscription stood are missed; every listener here tolerates that (a long poll still ends after its wait).
 */
@ApplicationScoped
public class RedisChannels {

    private static final Logger LOG = Logger.getLogger(RedisChannels.class);

    private final ReactiveRedisDataSource redis;
    private volatile boolean stopping;

    RedisChannels(ReactiveRedisDataSource redis) {
        this.redis = redis;
    }

    /** Hands every message of {@code channel} to {@code listener}, on an event-loop thread: it must not block. */
    public void follow(String channel, Consumer<String> listener) {
        redis.pubsub(String.class).subscribe(channel)
                .onCompletion().failWith(() -> new IllegalStateException("the subscription ended"))
                .onFailure(failure -> !stopping).invoke(failure -> LOG.warnf(
                        "subscription to %s lost, subscribing again: %s", channel, failure.getMessage()))
                .onFailure(failure -> !stopping).retry()
                .withBackOff(Backoff.SERVERS.first(), Backoff.SERVERS.longest()).indefinitely()
                .subscribe().with(listener,
                        failure -> LOG.debugf("subscription to %s ended: %s", channel, failure.getMessage()));
    }

    void stop(@Observes ShutdownEvent event) {
        stopping = true;
    }
}
