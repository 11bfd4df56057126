package io.npuzzle.api.rest;

import io.npuzzle.api.PipelineResource;
import io.npuzzle.protocol.ProblemType;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.oneOf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/** Idempotent submissions and cancellation, against the real pipeline. */
@QuarkusTest
@WithTestResource(PipelineResource.class)
class JobControlTest {

    private static final String JOBS = "/api/v1/jobs";
    /** A random 6x6 arrangement (no pattern databases, so A*): the worker searches it until its budget of seconds runs out. */
    private static final String HARD_6X6 = "23 24 13 26 7 6 8 18 0 33 34 27 21 11 10 22 31 1 17 2 4 9 14 3 30 19 20 15 16 25 5 12 32 35 29 28";

    @Test
    void theSameKeyAndSubmissionGetTheSameJob() {
        String key = UUID.randomUUID().toString();
        Map<String, Object> board = Map.of("board", "4 1 3 7 2 6 0 5 8");
        String first = submit(board, key).statusCode(202).extract().path("id");
        // Written differently, the same submission: still the same job.
        String again = submit(Map.of("board", "4,1,3,7,2,6,x,5,8", "rows", 3, "cols", 3), key)
                .statusCode(oneOf(200, 202)).extract().path("id");
        assertEquals(first, again);
        assertNotEquals(first, submit(board, null).extract().path("id"), "no key, a new job");
    }

    @Test
    void theSameKeyWithAnotherSubmissionIs422() {
        String key = UUID.randomUUID().toString();
        submit(Map.of("board", "1 2 3 4 5 6 7 0 8"), key).statusCode(oneOf(200, 202));
        problem(submit(Map.of("board", "1 2 3 4 5 6 0 7 8"), key), 422)
                .body("type", equalTo(ProblemType.IDEMPOTENCY_KEY_REUSED.urn()));
    }

    @Test
    void aBatchRetriedWithTheSameKeyGetsTheSameJobsAndAnotherBatchWithItIs422() {
        String key = UUID.randomUUID().toString();
        Map<String, Object> batch = Map.of("jobs", List.of(Map.of("board", "5 1 3 4 0 2 7 8 6"),
                Map.of("board", "1 1 2 3 4 5 6 7 0"), Map.of("board", "1 2 3 4 0 5 7 8 6")));
        List<String> first = batch(batch, key).statusCode(202).extract().path("jobs.id");
        List<String> again = batch(batch, key).statusCode(202).extract().path("jobs.id");

        assertEquals(first, again);
        assertNotEquals(first, batch(batch, null).statusCode(202).extract().path("jobs.id"), "no key, new jobs");
        problem(batch(Map.of("jobs", List.of(Map.of("board", "5 1 3 4 0 2 7 8 6"))), key), 422)
                .body("type", equalTo(ProblemType.IDEMPOTENCY_KEY_REUSED.urn()));
    }

    @Test
    void anOverlongOrControlCharacterKeyIs400() {
        problem(submit(Map.of("board", "1 2 3 4 5 6 7 0 8"), "k".repeat(256)), 400);
        problem(submit(Map.of("board", "1 2 3 4 5 6 7 0 8"), "a b"), 400);
    }

    @Test
    void aRunningJobIsCancelledAndStaysCancelled() {
        String id = submit(Map.of("board", HARD_6X6), null).statusCode(202).extract().path("id");
        Awaitility.await().atMost(Duration.ofSeconds(20))
                .until(() -> "RUNNING".equals(given().get(JOBS + "/" + id).then().extract().path("status")));

        given().delete(JOBS + "/" + id).then().statusCode(200).body("status", equalTo("CANCELLED"))
                .body("finishedAt", not(nullValue())).body("result", nullValue()).body("error", nullValue());
        given().queryParam("wait", 10).get(JOBS + "/" + id).then().statusCode(200)
                .body("status", equalTo("CANCELLED"));
        problem(given().delete(JOBS + "/" + id).then(), 409);
    }

    @Test
    void aFinishedJobCannotBeCancelledAndAnUnknownOneIsNotFound() {
        String id = submit(Map.of("board", "1 2 3 4 5 6 7 0 8"), null).extract().path("id");
        given().queryParam("wait", 20).get(JOBS + "/" + id).then().body("status", equalTo("DONE"));
        problem(given().delete(JOBS + "/" + id).then(), 409)
                .body("type", equalTo(ProblemType.JOB_FINISHED.urn()));
        problem(given().delete(JOBS + "/" + UUID.randomUUID()).then(), 404);
        problem(given().delete(JOBS + "/not-a-job").then(), 404);
    }

    private static ValidatableResponse submit(Map<String, ?> body, String idempotencyKey) {
        return post(JOBS, body, idempotencyKey);
    }

    private static ValidatableResponse batch(Map<String, ?> body, String idempotencyKey) {
        return post(JOBS + "/batch", body, idempotencyKey);
    }

    private static ValidatableResponse post(String path, Map<String, ?> body, String idempotencyKey) {
        var request = given().contentType(ContentType.JSON).body(body);
        if (idempotencyKey != null) {
            request.header("Idempotency-Key", idempotencyKey);
        }
        return request.post(path).then();
    }

    private static ValidatableResponse problem(ValidatableResponse response, int status) {
        return response.statusCode(status).contentType("application/problem+json").body("status", equalTo(status));
    }
}
