package io.npuzzle.cli;

import io.npuzzle.core.pdb.DatabaseSet;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;

class DatabaseSettingsTest {

    @Test
    void thePropertiesWin() {
        String directoryBefore = System.getProperty(DatabaseSettings.DIRECTORY_PROPERTY);
        String setBefore = System.getProperty(DatabaseSettings.SET_PROPERTY);
        try {
            System.setProperty(DatabaseSettings.DIRECTORY_PROPERTY, "/tmp/npuzzle-settings");
            System.setProperty(DatabaseSettings.SET_PROPERTY, "7-8");
            assertEquals(Path.of("/tmp/npuzzle-settings"), DatabaseSettings.directory());
            assertEquals(DatabaseSet.LARGE, DatabaseSettings.set());
            System.clearProperty(DatabaseSettings.DIRECTORY_PROPERTY);
            System.clearProperty(DatabaseSettings.SET_PROPERTY);
            if (System.getenv(DatabaseSettings.DIRECTORY_ENV) == null) {
                assertEquals("npuzzle", DatabaseSettings.directory().getFileName().toString());
            }
            if (System.getenv(DatabaseSettings.SET_ENV) == null) {
                assertEquals(DatabaseSet.STANDARD, DatabaseSettings.set());
            }
        } finally {
            restore(DatabaseSettings.DIRECTORY_PROPERTY, directoryBefore);
            restore(DatabaseSettings.SET_PROPERTY, setBefore);
        }
    }

    private static void restore(String property, String value) {
        if (value == null) {
            System.clearProperty(property);
        } else {
            System.setProperty(property, value);
        }
    }
}
