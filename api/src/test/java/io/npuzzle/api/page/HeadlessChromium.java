package io.npuzzle.api.page;

import org.openqa.selenium.Dimension;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Debian's {@code chromium}, headless, driven through Debian's {@code chromium-driver}. Both are named by path,
 * so Selenium never looks for (or downloads) a browser or a driver of its own.
 */
final class HeadlessChromium implements AutoCloseable {

    private static final String BROWSER_PATH = "/usr/bin/chromium";
    private static final String DRIVER_PATH = "/usr/bin/chromedriver";
    /** Why browser tests are skipped where the two are missing. */
    static final String MISSING = "needs " + BROWSER_PATH + " and " + DRIVER_PATH
            + " (Debian packages chromium and chromium-driver)";

    private static final Path BROWSER = Path.of(BROWSER_PATH);
    private static final Path DRIVER = Path.of(DRIVER_PATH);

    private static final Path TARGET = Path.of("target");

    /**
     * The tests speak WebDriver only, so Selenium's warning that it has no DevTools bindings for this Chromium
     * version is noise; held in a field because the logging framework keeps loggers weakly.
     */
    private static final Logger CDP_VERSION_LOG = Logger.getLogger("org.openqa.selenium.devtools.CdpVersionFinder");

    static {
        CDP_VERSION_LOG.setLevel(Level.SEVERE);
    }

    private final ChromeDriver driver;

    private HeadlessChromium(ChromeDriver driver) {
        this.driver = driver;
    }

    /** Whether the browser and its driver are installed; the condition of the tests that need them. */
    static boolean installed() {
        return Files.isExecutable(BROWSER) && Files.isExecutable(DRIVER);
    }

    static HeadlessChromium start(int width, int height) {
        ChromeOptions options = new ChromeOptions();
        options.setBinary(BROWSER.toFile());
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--no-first-run", "--user-data-dir=" + freshProfile(), "--window-size=" + width + "," + height);
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(DRIVER.toFile())
                .usingAnyFreePort()
                .build();
        return new HeadlessChromium(new ChromeDriver(service, options));
    }

    ChromeDriver driver() {
        return driver;
    }

    void resize(int width, int height) {
        driver.manage().window().setSize(new Dimension(width, height));
    }

    /** Saves what the browser shows as {@code target/<name>.png}. */
    Path screenshot(String name) {
        Path file = TARGET.resolve(name + ".png");
        try {
            Files.copy(driver.getScreenshotAs(OutputType.FILE).toPath(), file, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException("could not save " + file, e);
        }
        return file;
    }

    private static Path freshProfile() {
        try {
            Files.createDirectories(TARGET);
            return Files.createTempDirectory(TARGET.toAbsolutePath(), "chromium-profile-");
        } catch (IOException e) {
            throw new UncheckedIOException("could not create a browser profile directory", e);
        }
    }

    @Override
    public void close() {
        driver.quit();
    }
}
