package io.npuzzle.api.limits;

import io.npuzzle.protocol.ProblemType;
import io.npuzzle.testsupport.InfrastructureResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The configurable limits, set small. */
@QuarkusTest
@TestProfile(LimitsTest.SmallLimits.class)
@WithTestResource(InfrastructureResource.class)
class LimitsTest {

    private static final String JOBS = "/api/v1/jobs";

    public static class SmallLimits implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("npuzzle.api.max-rows", "3", "npuzzle.api.max-cols", "4", "npuzzle.api.max-batch", "2",
                    "npuzzle.api.rate-limit.per-second", "0.01", "npuzzle.api.rate-limit.burst", "3",
                    "npuzzle.api.rate-limit.client-header", "X-Client");
        }
    }

    @Test
    void boardsBeyondTheShapeLimitAreRefused() {
        problem(post(JOBS, Map.of("board", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0"), "shapes"), 400)
                .body("detail", containsString("up to 3 rows and 4 columns"));
    }

    @Test
    void batchesBeyondTheLimitAreRefused() {
        Map<String, String> board = Map.of("board", "1 2 3 4 5 6 7 0 8");
        problem(post(JOBS + "/batch", Map.of("jobs", List.of(board, board, board)), "batches"), 400)
                .body("type", equalTo(ProblemType.BATCH_TOO_LARGE.urn()));
    }

    @Test
    void aClientOverItsRateIsAnswered429WithRetryAfter() {
        for (int i = 0; i < 3; i++) {
            given().header("X-Client", "greedy").get(JOBS + "/not-a-job").then().statusCode(404);
        }
        String retryAfter = problem(given().header("X-Client", "greedy").get(JOBS + "/not-a-job").then(), 429)
                .extract().header("Retry-After");
        // A token every 100 s: whatever time the first requests took (a slow machine, a cold JIT), the wait stays
        // near 100 s, so the answer cannot pass or fail by timing.
        int seconds = Integer.parseInt(retryAfter);
        assertTrue(seconds > 90 && seconds <= 100, "a token every 100 seconds, Retry-After " + seconds);
        given().header("X-Client", "modest").get(JOBS + "/not-a-job").then().statusCode(404);
        given().header("X-Client", "greedy").get("/q/health/live").then().statusCode(200);
    }

    private static ValidatableResponse post(String path, Object body, String client) {
        return given().header("X-Client", client).contentType(ContentType.JSON).body(body).post(path).then();
    }

    private static ValidatableResponse problem(ValidatableResponse response, int status) {
        return response.statusCode(status).contentType("application/problem+json").body("status", equalTo(status));
    }
}
