package io.npuzzle.api.page;

import org.openqa.selenium.By;
import org.openqa.selenium.Rectangle;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.time.Duration;
import java.util.List;
import java.util.function.Function;

/** The solver page as a user sees it: what can be typed and clicked, and what it shows. */
final class SolverPage {

    private static final Duration JOB_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration SETTLE_TIMEOUT = Duration.ofSeconds(5);

    private final WebDriver driver;

    SolverPage(WebDriver driver) {
        this.driver = driver;
    }

    SolverPage open(String url) {
        driver.get(url);
        return this;
    }

    void typeBoard(String text) {
        WebElement field = byId("board-text");
        field.clear();
        field.sendKeys(text);
    }

    void chooseShape(int rows, int cols) {
        new Select(byId("rows")).selectByValue(Integer.toString(rows));
        new Select(byId("cols")).selectByValue(Integer.toString(cols));
    }

    /** Picks a mode by its label on the wire: optimal, bounded or fast. */
    void chooseMode(String mode) {
        driver.findElement(By.cssSelector("[data-testid=mode-" + mode + "]")).click();
    }

    void typeRatio(String text) {
        WebElement field = byId("ratio");
        field.clear();
        field.sendKeys(text);
    }

    void typeMaxSeconds(String text) {
        WebElement field = byId("max-seconds");
        field.clear();
        field.sendKeys(text);
    }

    /** Waits until the job's state text contains {@code text}, and returns that text. */
    String awaitJobText(String text) {
        WebElement job = byId("job-status");
        await(JOB_TIMEOUT, d -> job.getText().contains(text));
        return job.getText();
    }

    String ratioError() {
        return byId("ratio-error").getText();
    }

    /** Opens the API key section when closed and types the key. */
    void typeApiKey(String key) {
        if (byId("api-key-details").getDomAttribute("open") == null) {
            driver.findElement(By.cssSelector("#api-key-details summary")).click();
        }
        WebElement field = byId("api-key");
        field.clear();
        field.sendKeys(key);
    }

    String boardTextError() {
        return byId("board-text-error").getText();
    }

    void solve() {
        byId("submit").click();
    }

    String focusedFieldId() {
        return driver.switchTo().activeElement().getDomAttribute("id");
    }

    /** The problem shown for the last request or job, empty when there is none. */
    String problemText() {
        return byId("job-error").getText();
    }

    /** Waits until the problem shown mentions {@code text}. */
    void awaitProblem(String text) {
        await(JOB_TIMEOUT, d -> problemText().contains(text));
    }

    /** Waits until the job shown has the status, and returns its id. */
    String awaitJobStatus(String status) {
        WebElement job = byId("job-status");
        await(JOB_TIMEOUT, d -> status.equals(job.getDomAttribute("data-status")));
        return job.getDomAttribute("data-job-id");
    }

    String jobText() {
        return byId("job-status").getText();
    }

    int solutionLength() {
        return Integer.parseInt(byId("move-counter").getDomAttribute("data-length"));
    }

    int moveIndex() {
        return Integer.parseInt(byId("move-counter").getDomAttribute("data-index"));
    }

    String moveCounter() {
        return byId("move-counter").getText();
    }

    void stepForward() {
        byId("step-forward").click();
    }

    void stepBack() {
        byId("step-back").click();
    }

    boolean canStepForward() {
        return byId("step-forward").isEnabled();
    }

    List<String> recentJobIds() {
        return driver.findElements(By.cssSelector("[data-testid=recent-job]")).stream()
                .map(button -> button.getDomAttribute("data-job-id"))
                .toList();
    }

    /**
     * Waits until the board drawn is the expected one. Each tile's cell is worked out from where it is on screen,
     * so this checks what the user sees rather than the page's own bookkeeping; tiles slide, hence the wait.
     */
    void awaitBoardShown(String expected) {
        String[] last = {null};
        new WebDriverWait(driver, SETTLE_TIMEOUT)
                .withMessage(() -> "the board shown is " + last[0] + ", not " + expected)
                .until(d -> expected.equals(last[0] = boardShown()));
    }

    /** Tiles row by row, separated by spaces, 0 for the blank, read from their positions on screen. */
    String boardShown() {
        WebElement board = byId("board");
        Rectangle area = board.getRect();
        List<WebElement> tiles = board.findElements(By.cssSelector("[data-tile]"));
        int rows = Integer.parseInt(board.getDomAttribute("data-rows"));
        int cols = Integer.parseInt(board.getDomAttribute("data-cols"));
        String[] cells = new String[rows * cols];
        for (WebElement tile : tiles) {
            Rectangle rect = tile.getRect();
            int row = (rect.getY() + rect.getHeight() / 2 - area.getY()) * rows / area.getHeight();
            int col = (rect.getX() + rect.getWidth() / 2 - area.getX()) * cols / area.getWidth();
            cells[row * cols + col] = tile.getDomAttribute("data-tile");
        }
        return String.join(" ", cells);
    }

    private WebElement byId(String id) {
        return driver.findElement(By.id(id));
    }

    private void await(Duration timeout, Function<WebDriver, Boolean> condition) {
        new WebDriverWait(driver, timeout).until(condition);
    }
}
