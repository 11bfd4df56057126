package io.npuzzle.api.config;

import io.npuzzle.testsupport.ConfigurationPage;
import io.npuzzle.testsupport.ConfigurationPage.Setting;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** docs/configuration.md names every setting the api reads, with the default its code gives it. */
class ConfigurationDocTest {

    private static final ConfigurationPage PAGE = ConfigurationPage.read(Path.of("../docs/configuration.md"));
    private static final List<Setting> SETTINGS = ConfigurationPage.settingsOf(Path.of("target/classes"));

    @Test
    void theSettingsAreFoundInTheCompiledClasses() {
        assertTrue(SETTINGS.stream().anyMatch(setting -> setting.key().startsWith("npuzzle.api.")),
                SETTINGS::toString);
    }

    @Test
    void everySettingOfTheApiHasARowInTheConfigurationPageWithItsDefault() {
        List<String> problems = SETTINGS.stream().map(PAGE::problem).flatMap(Optional::stream).toList();
        assertEquals(List.of(), problems);
    }

    @Test
    void everyNpuzzleKeyTheApplicationPropertiesSetHasARowInTheConfigurationPage() throws IOException {
        List<String> missing = Files.readAllLines(Path.of("src/main/resources/application.properties")).stream()
                .map(String::strip)
                .filter(line -> line.startsWith("npuzzle."))
                .map(line -> line.substring(0, line.indexOf('=')).strip())
                .filter(key -> PAGE.rowsOf(new Setting(key, Optional.empty(), "application.properties")).isEmpty())
                .toList();
        assertEquals(List.of(), missing);
    }
}
