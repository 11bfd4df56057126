package io.npuzzle.runtime.retry;

import java.time.Duration;

/**
 * Pauses between tries of a step that waits for Redis or Kafka to come back: short at first, doubling up to a
 * ceiling, so an outage costs little load and its end is noticed within the ceiling.
 *
 * @param first   the pause after the first failure
 * @param longest the ceiling
 */
public record Backoff(Duration first, Duration longest) {

    /** The services' back-off for Redis and Kafka: 100 ms, doubling up to 2 s. */
    public static final Backoff SERVERS = new Backoff(Duration.ofMillis(100), Duration.ofSeconds(2));

    /** The pause after {@code pause}. */
    public Duration after(Duration pause) {
        Duration doubled = pause.multipliedBy(2);
        return doubled.compareTo(longest) > 0 ? longest : doubled;
    }
}
