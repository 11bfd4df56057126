package io.npuzzle.deploy.app;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EnvNamesTest {

    @Test
    void environmentFormReplacesEverySeparator() {
        assertEquals("QUARKUS_REDIS_HOSTS", EnvNames.of("quarkus.redis.hosts"));
        assertEquals("NPUZZLE_WORKER_SOLVE_MAX_TIME", EnvNames.of("npuzzle.worker.solve.max-time"));
        assertEquals("QUARKUS_LOG_CATEGORY__ORG_APACHE_KAFKA__LEVEL",
                EnvNames.of("quarkus.log.category.\"org.apache.kafka\".level"));
    }

    @Test
    void mapKeysMatchAnyName() {
        assertTrue(EnvNames.matches("QUARKUS_REDIS__CACHE__HOSTS", "quarkus.redis.\"client-name\".hosts"));
        assertFalse(EnvNames.matches("QUARKUS_REDIS_HOSTS", "quarkus.redis.\"client-name\".hosts"));
        assertTrue(EnvNames.matches("APP_POOLS_FAST_SIZE", "app.pools.*.size"));
        assertFalse(EnvNames.matches("APP_POOLS_SIZE", "app.pools.*.size"));
    }

    @Test
    void durationsInBothSpellings() {
        assertEquals(Duration.ofSeconds(35), Durations.quarkus("35s"));
        assertEquals(Duration.ofSeconds(35), Durations.quarkus("PT35S"));
        assertEquals(Duration.ofSeconds(35), Durations.quarkus("35"));
        assertEquals(Duration.ofMillis(500), Durations.quarkus("500ms"));
        assertEquals(Duration.ofSeconds(90), Durations.compose("1m30s"));
        assertThrows(IllegalArgumentException.class, () -> Durations.compose("soon"));
    }
}
