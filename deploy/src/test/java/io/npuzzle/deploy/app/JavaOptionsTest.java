package io.npuzzle.deploy.app;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JavaOptionsTest {

    @Test
    void theFlagAmongOtherOptionsTurnsItOn() {
        assertTrue(JavaOptions.exitOnOutOfMemory("-XX:MaxRAMPercentage=75 -XX:+ExitOnOutOfMemoryError -Dx=y"));
    }

    @Test
    void theLastSpellingWins() {
        assertFalse(JavaOptions.exitOnOutOfMemory("-XX:+ExitOnOutOfMemoryError -XX:-ExitOnOutOfMemoryError"));
        assertTrue(JavaOptions.exitOnOutOfMemory("-XX:-ExitOnOutOfMemoryError -XX:+ExitOnOutOfMemoryError"));
    }

    @Test
    void noOptionsOrOnlyOthersLeaveItOff() {
        assertFalse(JavaOptions.exitOnOutOfMemory(null));
        assertFalse(JavaOptions.exitOnOutOfMemory(""));
        assertFalse(JavaOptions.exitOnOutOfMemory("-XX:+HeapDumpOnOutOfMemoryError"));
    }
}
