package io.npuzzle.api.limits;

import java.util.concurrent.ConcurrentHashMap;

/**
 * One token bucket per client: {@code burst} tokens at most, refilled at {@code perSecond}; a request takes one.
 * Buckets that have refilled completely are forgotten, so memory holds only the clients active lately.
 */
final class TokenBuckets {

    /** Past this many clients, full buckets are swept out before a new one is added. */
    private static final int SWEEP_ABOVE = 10_000;

    private final double perNano;
    private final double burst;
    private final ConcurrentHashMap<String, Bucket> buckets = new ConcurrentHashMap<>();

    TokenBuckets(double perSecond, int burst) {
        this.perNano = perSecond / 1e9;
        this.burst = burst;
    }

    /** 0 when the client may go ahead (a token is taken), else the nanoseconds until a token is available. */
    long take(String client, long nowNanos) {
        if (buckets.size() > SWEEP_ABOVE && !buckets.containsKey(client)) {
            buckets.values().removeIf(bucket -> bucket.isFull(nowNanos));
        }
        return buckets.computeIfAbsent(client, key -> new Bucket(nowNanos)).take(nowNanos);
    }

    private final class Bucket {

        private double tokens = burst;
        private long updated;

        Bucket(long nowNanos) {
            this.updated = nowNanos;
        }

        synchronized long take(long nowNanos) {
            refill(nowNanos);
            if (tokens >= 1) {
                tokens -= 1;
                return 0;
            }
            return (long) Math.ceil((1 - tokens) / perNano);
        }

        synchronized boolean isFull(long nowNanos) {
            refill(nowNanos);
            return tokens >= burst;
        }

        private void refill(long nowNanos) {
            tokens = Math.min(burst, tokens + (nowNanos - updated) * perNano);
            updated = nowNanos;
        }
    }
}
