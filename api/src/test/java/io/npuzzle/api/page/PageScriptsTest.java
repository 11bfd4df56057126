package io.npuzzle.api.page;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Runs the unit tests of the page's JavaScript modules ({@code src/test/js}, node's built-in test runner) as part
 * of the build, where node is installed.
 */
@EnabledIf(value = "nodeInstalled", disabledReason = "needs node (Debian package nodejs) on the PATH")
class PageScriptsTest {

    @Test
    void theModulesPassTheirUnitTests() throws IOException, InterruptedException {
        Process node = new ProcessBuilder("node", "--test", "src/test/js/").redirectErrorStream(true).start();
        String output = new String(node.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(node.waitFor(60, TimeUnit.SECONDS), "node --test did not finish");
        assertEquals(0, node.exitValue(), output);
        assertTrue(output.contains("# fail 0"), output);
    }

    static boolean nodeInstalled() {
        try {
            Process probe = new ProcessBuilder("node", "--version").redirectErrorStream(true).start();
            probe.getInputStream().readAllBytes();
            return probe.waitFor(10, TimeUnit.SECONDS) && probe.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
