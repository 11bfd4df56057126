package io.npuzzle.api.store;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RedisMemoryWatchTest {

    private static String info(long used, long max) {
        return "# Memory\r\nused_memory:" + used + "\r\nused_memory_human:1M\r\nmaxmemory:" + max
                + "\r\nmaxmemory_policy:noeviction\r\n";
    }

    @Test
    void theStoreIsFullPastTheRatioOfItsLimit() {
        assertFalse(RedisMemoryWatch.isFull(info(899, 1000), 0.9));
        assertTrue(RedisMemoryWatch.isFull(info(901, 1000), 0.9));
    }

    @Test
    void aStoreWithoutALimitIsNeverFull() {
        assertFalse(RedisMemoryWatch.isFull(info(1L << 40, 0), 0.9));
    }
}
