package io.npuzzle.worker.config;

import io.npuzzle.testsupport.ConfigurationPage;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** docs/configuration.md names every setting the worker reads, with the default its code gives it. */
class ConfigurationDocTest {

    private static final ConfigurationPage PAGE = ConfigurationPage.read(Path.of("../docs/configuration.md"));

    @Test
    void theSettingsAreFoundInTheCompiledClasses() {
        assertTrue(ConfigurationPage.settingsOf(Path.of("target/classes")).stream()
                .anyMatch(setting -> setting.key().startsWith("npuzzle.worker.")));
    }

    @Test
    void everySettingOfTheWorkerHasARowInTheConfigurationPageWithItsDefault() {
        assertEquals(List.of(), PAGE.problemsOfThisModule());
    }

    @Test
    void everyMessagingChannelThePageNamesIsOneTheServicesConfigure() {
        assertEquals(List.of(), PAGE.rowsOfChannelsNoneConfigures(List.of(
                Path.of("src/main/resources/application.properties"),
                Path.of("../api/src/main/resources/application.properties"))));
    }

    @Test
    void everyNpuzzleKeyTheApplicationPropertiesSetHasARowInTheConfigurationPage() {
        assertEquals(List.of(), PAGE.undocumentedPropertiesOfThisModule());
    }
}
