package io.npuzzle.api.page;

import io.npuzzle.api.PackagedServices;
import io.npuzzle.protocol.Hashes;
import io.npuzzle.testsupport.FreePorts;
import io.npuzzle.testsupport.ServiceProcess;
import io.npuzzle.testsupport.TestInfrastructure;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The page served at {@code /} by the packaged API, driven in headless Chromium against the real pipeline
 * (Kafka, a worker process, Redis): submit a board, watch it finish, step its solution to the goal; bounded mode;
 * API keys typed in the page.
 */
@EnabledIf(value = "io.npuzzle.api.page.HeadlessChromium#installed", disabledReason = HeadlessChromium.MISSING)
class WebPageIT {

    private static final String START = "2 3 4 1 5 0 7 6 8";
    private static final String GOAL = "1 2 3 4 5 6 7 8 0";
    private static final int OPTIMAL_LENGTH = 19;

    private static ServiceProcess worker;
    private static ServiceProcess api;
    private static String root;

    @BeforeAll
    static void startServices() {
        // A store of its own: whatever this machine has stored, a 24-puzzle is searched without databases.
        int workerPort = FreePorts.next();
        int port = FreePorts.next();
        List<ServiceProcess> started = ServiceProcess.startTogether(List.of(
                () -> PackagedServices.startWorkerAsRun("page-worker", workerPort,
                        Map.of("npuzzle.worker.databases.directory", databases())),
                () -> PackagedServices.startApi("page-api", port)));
        worker = started.get(0);
        api = started.get(1);
        root = "http://localhost:" + port + "/";
    }

    private static String databases() {
        try {
            TestInfrastructure.shared();
            return Files.createTempDirectory(TestInfrastructure.WORK_DIR, "page-databases").toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @AfterAll
    static void stopServices() {
        ServiceProcess.closeAll(Stream.of(api, worker).filter(Objects::nonNull).toList());
    }

    @Test
    void aSubmittedBoardIsSolvedAndItsSolutionStepsToTheGoal() {
        try (HeadlessChromium chromium = HeadlessChromium.start(1280, 1000)) {
            SolverPage page = new SolverPage(chromium.driver()).open(root);
            page.awaitBoardShown(GOAL);

            page.typeBoard("2 3 4 1 5 x 7 6 8");
            assertEquals("", page.boardTextError());
            page.awaitBoardShown(START);

            page.solve();
            String jobId = page.awaitJobStatus("DONE");
            assertTrue(page.jobText().contains("Solved in " + OPTIMAL_LENGTH + " moves"), page.jobText());
            assertTrue(page.jobText().contains("shortest possible"), page.jobText());
            assertEquals(OPTIMAL_LENGTH, page.solutionLength());
            assertEquals(List.of(jobId), page.recentJobIds());
            page.awaitBoardShown(START);

            for (int step = 1; step <= OPTIMAL_LENGTH; step++) {
                page.stepForward();
                assertEquals(step, page.moveIndex());
            }
            assertFalse(page.canStepForward(), "no step past the goal");
            page.awaitBoardShown(GOAL);
            assertTrue(page.moveCounter().endsWith("goal reached"), page.moveCounter());
            chromium.screenshot("web-page-desktop");

            page.stepBack();
            assertEquals(OPTIMAL_LENGTH - 1, page.moveIndex());
            page.stepForward();
            page.awaitBoardShown(GOAL);

            chromium.resize(390, 844);
            page.awaitBoardShown(GOAL);
            chromium.screenshot("web-page-phone");
        }
    }

    /** DeepCubeA's first 24-puzzle test state (bench/deepcubea): 100 moves, far beyond a search without databases. */
    @Test
    void aTimeLimitedSearchShowsItsBestAnswerAndLowerBoundThenEndsWithItsCertificate() {
        try (HeadlessChromium chromium = HeadlessChromium.start(1280, 1000)) {
            SolverPage page = new SolverPage(chromium.driver()).open(root);
            page.chooseShape(5, 5);
            String board = "3 19 24 9 8 11 7 12 2 4 17 23 20 18 6 16 5 1 14 21 0 15 10 13 22";
            page.typeBoard(board);
            page.awaitBoardShown(board);
            page.typeMaxSeconds("4");
            page.solve();
            String running = page.awaitJobText("best ");
            assertTrue(running.contains("at least "), running);
            page.awaitJobStatus("DONE");
            assertTrue(page.jobText().contains("the shortest (which has at least "), page.jobText());
            assertTrue(page.solutionLength() >= 100, page.jobText());
            chromium.screenshot("web-page-time-limit");
        }
    }

    @Test
    void aBoundedAnswerSaysWhichBoundItGuaranteesAndARatioOutOfRangeIsCaughtBeforeSending() {
        try (HeadlessChromium chromium = HeadlessChromium.start(1280, 1000)) {
            SolverPage page = new SolverPage(chromium.driver()).open(root);
            page.chooseShape(3, 4);
            page.typeBoard("5 1 3 4 2 0 7 8 9 6 10 11");
            page.awaitBoardShown("5 1 3 4 2 0 7 8 9 6 10 11");

            page.chooseMode("bounded");
            page.typeRatio("4");
            assertEquals("the ratio must be above 1 and at most 3", page.ratioError());
            page.solve();
            assertEquals("ratio", page.focusedFieldId(), "Solve sends nothing and points at the ratio");

            page.typeRatio("1.5");
            assertEquals("", page.ratioError());
            page.solve();
            page.awaitJobStatus("DONE");
            assertTrue(page.jobText().contains("at most 1.5× the shortest"), page.jobText());
            assertTrue(page.solutionLength() > 0);
            chromium.screenshot("web-page-bounded");
        }
    }

    @Test
    void withApiKeysOnTheKeyTypedInThePageIsSentAndAMissingOneIsAskedFor() {
        String key = "npz_" + UUID.randomUUID().toString().replace("-", "");
        int port = FreePorts.next();
        try (ServiceProcess keyed = PackagedServices.startApi("page-api-keys", port, Map.of(
                "npuzzle.api.auth.enabled", "true", "npuzzle.api.auth.keys.page", "sha256:" + Hashes.sha256Hex(key)));
             HeadlessChromium chromium = HeadlessChromium.start(1280, 1000)) {
            SolverPage page = new SolverPage(chromium.driver()).open("http://localhost:" + port + "/");
            page.typeBoard(START);
            page.solve();
            page.awaitProblem("API key");
            assertTrue(page.problemText().contains("send an API key"), page.problemText());

            page.typeApiKey(key);
            page.solve();
            page.awaitJobStatus("DONE");
            assertTrue(page.jobText().contains("Solved in " + OPTIMAL_LENGTH + " moves"), page.jobText());
            assertFalse(keyed.output().contains(key), "the key is not logged");
        }
    }

    @Test
    void aTypingMistakeIsCaughtBeforeSendingAndAnUnsolvableBoardIsSaidPlainly() {
        try (HeadlessChromium chromium = HeadlessChromium.start(1280, 1000)) {
            SolverPage page = new SolverPage(chromium.driver()).open(root);

            page.typeBoard("1 2 3 4 5 6 7 8 8");
            assertEquals("duplicate tile 8", page.boardTextError());
            page.solve();
            assertEquals("board-text", page.focusedFieldId(), "Solve sends nothing and points at the mistake");

            page.typeBoard("1 2 3 4 5 6 8 7 x");
            assertEquals("", page.boardTextError());
            page.awaitBoardShown("1 2 3 4 5 6 8 7 0");
            page.solve();
            page.awaitJobStatus("DONE");
            assertTrue(page.jobText().contains("Unsolvable"), page.jobText());
            assertEquals("", page.problemText());
            assertEquals(0, page.solutionLength(), "no solution to play");
            chromium.screenshot("web-page-unsolvable");
        }
    }
}
