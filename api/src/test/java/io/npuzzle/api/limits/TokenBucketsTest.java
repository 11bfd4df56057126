package io.npuzzle.api.limits;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TokenBucketsTest {

    private static final long SECOND = 1_000_000_000L;

    @Test
    void aBurstPassesThenTheRateHolds() {
        TokenBuckets buckets = new TokenBuckets(2, 3);
        for (int i = 0; i < 3; i++) {
            assertEquals(0, buckets.take("a", 0), "request " + i + " of the burst");
        }
        long wait = buckets.take("a", 0);
        assertEquals(SECOND / 2, wait, "one token every half second");
        assertEquals(0, buckets.take("a", SECOND / 2));
        assertTrue(buckets.take("a", SECOND / 2) > 0);
    }

    @Test
    void clientsHaveBucketsOfTheirOwn() {
        TokenBuckets buckets = new TokenBuckets(1, 1);
        assertEquals(0, buckets.take("a", 0));
        assertTrue(buckets.take("a", 0) > 0);
        assertEquals(0, buckets.take("b", 0));
    }
}
