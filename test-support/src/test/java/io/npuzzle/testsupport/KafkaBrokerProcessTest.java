package io.npuzzle.testsupport;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

class KafkaBrokerProcessTest {

    @Test
    void clusterIdsNeverBeginWithADashThatTheStorageToolWouldReadAsAnOption() {
        // A random 16-byte id starts with '-' once in 64 draws; 10,000 draws would meet one almost surely.
        for (int i = 0; i < 10_000; i++) {
            String id = KafkaBrokerProcess.clusterId();
            assertEquals(22, id.length(), id);
            assertFalse(id.startsWith("-"), id);
        }
    }
}
