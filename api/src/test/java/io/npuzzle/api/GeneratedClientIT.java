package io.npuzzle.api;

import io.npuzzle.client.ApiClient;
import io.npuzzle.client.ApiException;
import io.npuzzle.client.ApiResponse;
import io.npuzzle.client.api.JobsApi;
import io.npuzzle.client.model.BatchReply;
import io.npuzzle.client.model.BatchSubmission;
import io.npuzzle.client.model.Job;
import io.npuzzle.client.model.JobStatus;
import io.npuzzle.client.model.JobSubmission;
import io.npuzzle.core.board.Puzzle;
import io.npuzzle.protocol.ProblemType;
import io.npuzzle.testsupport.FreePorts;
import io.npuzzle.testsupport.JobsClient;
import io.npuzzle.testsupport.ServiceProcess;
import io.npuzzle.testsupport.TestInfrastructure;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The job API through a Java client generated from the checked-in OpenAPI document (api/openapi.json), as a user
 * of the service would generate one: the packaged API and a worker on a real broker and Redis.
 */
class GeneratedClientIT {

    /** A random 5x5 arrangement: the worker searches it until its budget runs out, so it can be cancelled. */
    private static final String HARD_5X5 = "23 2 9 1 15 7 16 8 13 21 24 0 20 3 11 6 22 17 14 5 18 10 19 4 12";
    private static final int LONG_POLL_SECONDS = 20;

    private static final List<ServiceProcess> services = new ArrayList<>();
    private static JobsApi jobs;

    @BeforeAll
    static void startServices() {
        TestInfrastructure.shared().redis().flushAll();
        int port = FreePorts.next();
        services.addAll(ServiceProcess.startTogether(List.of(
                () -> PackagedServices.startWorker("it-client-worker", "it-client-worker"),
                () -> PackagedServices.startApi("it-client-api", port))));
        jobs = new JobsApi(new ApiClient().setHost("localhost").setPort(port)
                .setReadTimeout(Duration.ofSeconds(LONG_POLL_SECONDS + 10)));
    }

    @AfterAll
    static void stopServices() {
        ServiceProcess.closeAll(services);
    }

    @Test
    void aBoardSubmittedThroughTheClientIsQueuedThenLongPolledToAnOptimalAnswer() throws ApiException {
        ApiResponse<Job> submitted = jobs.submitJobWithHttpInfo(
                new JobSubmission().board("2 3 4 1 5 x 7 6 8").mode(JobSubmission.ModeEnum.OPTIMAL),
                null, UUID.randomUUID().toString());

        assertEquals(202, submitted.getStatusCode());
        Job queued = submitted.getData();
        assertEquals(JobStatus.QUEUED, queued.getStatus());
        assertEquals(List.of("/api/v1/jobs/" + queued.getId()), submitted.getHeaders().get("location"));
        Job done = jobs.getJob(queued.getId(), LONG_POLL_SECONDS);
        assertEquals(JobStatus.DONE, done.getStatus());
        assertEquals(19, done.getResult().getLength());
        Puzzle puzzle = Puzzle.parse("2 3 4 1 5 x 7 6 8", 3, 3, null);
        assertEquals(puzzle.goal(), puzzle.start().apply(done.getResult().getMoves()));
    }

    @Test
    void aBoundedJobSubmittedAndAwaitedThroughTheClientCarriesItsRatioAndItsAnswerTheBoundItGuarantees()
            throws ApiException {
        // Submitted and awaited in one request.
        Job done = jobs.submitJob(new JobSubmission().board("2 3 4 1 5 x 7 6 8")
                .mode(JobSubmission.ModeEnum.BOUNDED).ratio(1.5), LONG_POLL_SECONDS, null);

        assertEquals(1.5, done.getRatio());
        assertEquals(JobStatus.DONE, done.getStatus());
        assertTrue(done.getResult().getBound() <= 1.5, "bound " + done.getResult().getBound());
        assertTrue(done.getResult().getLength() <= 1.5 * 19, "length " + done.getResult().getLength());
    }

    @Test
    void aBatchThroughTheClientAnswersEachEntryWithItsJobOrItsProblemInOrder() throws ApiException {
        BatchReply reply = jobs.submitJobBatch(new BatchSubmission().jobs(List.of(
                new JobSubmission().board("1 2 3 4 5 6 0 7 8"),
                new JobSubmission().board("1 2 3 4 5 6 7 7 0"),
                new JobSubmission().board("7 6 5 4 3 2 1 0").rows(2).cols(4).goal("0 1 2 3 4 5 6 7"))), null);

        assertEquals(3, reply.getJobs().size());
        // An entry is a job or a problem: the client reads both as maps.
        assertEquals(ProblemType.INVALID_BOARD.urn(), ((Map<?, ?>) reply.getJobs().get(1)).get("type"));
        for (int entry : new int[] {0, 2}) {
            String id = (String) ((Map<?, ?>) reply.getJobs().get(entry)).get("id");
            assertEquals(JobStatus.DONE, jobs.getJob(id, LONG_POLL_SECONDS).getStatus(), "entry " + entry);
        }
    }

    @Test
    void aRunningJobIsCancelledThroughTheClientAndASecondCancelIsAConflictProblem() throws ApiException {
        String id = jobs.submitJob(new JobSubmission().board(HARD_5X5), null, null).getId();
        Awaitility.await().atMost(Duration.ofSeconds(30))
                .until(() -> jobs.getJob(id, null).getStatus() == JobStatus.RUNNING);

        Job cancelled = jobs.cancelJob(id);

        assertEquals(JobStatus.CANCELLED, cancelled.getStatus());
        assertNotNull(cancelled.getFinishedAt());
        assertEquals(JobStatus.CANCELLED, jobs.getJob(id, 5).getStatus());
        ApiException again = assertThrows(ApiException.class, () -> jobs.cancelJob(id));
        assertProblem(again, 409, ProblemType.JOB_FINISHED);
    }

    @Test
    void anInvalidBoardOrWaitIsAProblemTheClientReports() {
        ApiException board = assertThrows(ApiException.class,
                () -> jobs.submitJob(new JobSubmission().board("1 2 3 4 5 6 7 8 8"), null, null));
        assertProblem(board, 400, ProblemType.INVALID_BOARD);
        ApiException wait = assertThrows(ApiException.class,
                () -> jobs.getJob(UUID.randomUUID().toString(), 31));
        assertProblem(wait, 400, ProblemType.INVALID_WAIT);
    }

    private static void assertProblem(ApiException e, int status, ProblemType type) {
        assertEquals(status, e.getCode());
        assertTrue(e.getResponseHeaders().firstValue("content-type").orElse("").startsWith("application/problem+json"),
                e.getResponseHeaders().toString());
        assertEquals(type.urn(), JobsClient.read(e.getResponseBody()).get("type").asText());
    }
}
