package io.npuzzle.api.rest;

import io.npuzzle.api.PipelineResource;
import io.npuzzle.protocol.ProblemType;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.UUID;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.oneOf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Input that lenient parsing once let through or misreported: each is refused with a problem saying why. */
@QuarkusTest
@WithTestResource(PipelineResource.class)
class StrictInputTest {

    private static final String JOBS = "/api/v1/jobs";
    private static final String BOARD = "{\"board\":\"1 2 3 4 5 6 7 8 0\"";
    /** A client of its own for what RestAssured would not send as it is. */
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    @TestHTTPResource("/")
    URI base;

    @Test
    void textAfterTheJsonBodyIsRefused() {
        malformed(post(JOBS, BOARD + "}{\"x\":1}")).body("detail", containsString("more after its JSON object"));
        malformed(post(JOBS, BOARD + "} ]]] garbage")).body("detail", containsString("not valid JSON"));
        malformed(post(JOBS + "/batch", "{\"jobs\":[]} {}")).body("detail", containsString("more after"));
    }

    @Test
    void aWholeNumberIsAJsonIntegerNotAFractionNorAStringOfAnyDigits() {
        for (String rows : new String[] {"3.9999", "3.0", "\"3.5\"", "\"٣\"", "\"3\""}) {
            malformed(post(JOBS, BOARD + ",\"rows\":" + rows + "}"))
                    .body("detail", equalTo("field 'rows' has the wrong type or form"));
        }
        post(JOBS, BOARD + ",\"rows\":3,\"cols\":3}").statusCode(oneOf(200, 202));
    }

    @Test
    void waitTakesAsciiDigitsOnly() {
        for (String wait : new String[] {"٣", "+3", "３", "1.0"}) {
            problem(given().queryParam("wait", wait).get(JOBS + "/" + UUID.randomUUID()).then(), 400)
                    .body("type", equalTo(ProblemType.INVALID_WAIT.urn()));
        }
        problem(given().queryParam("wait", "3").get(JOBS + "/" + UUID.randomUUID()).then(), 404);
    }

    @Test
    void anEmptyIdempotencyKeyIsRefusedNotTakenForNone() {
        problem(given().contentType(ContentType.JSON).header("Idempotency-Key", "").body(BOARD + "}").post(JOBS)
                .then(), 400).body("type", equalTo(ProblemType.INVALID_IDEMPOTENCY_KEY.urn()));
    }

    @Test
    void aBodyThatIsJsonButNotAnObjectIsSaidToBeSo() {
        for (String body : new String[] {"[1,2]", "\"1 2 3 4 5 6 7 8 0\"", "12"}) {
            malformed(post(JOBS, body)).body("detail", containsString("must be a JSON object"));
        }
        malformed(post(JOBS + "/batch", "[]")).body("detail", containsString("must be a JSON object"));
    }

    @Test
    void aTokenWithALetterAfterItsDigitsIsAnUnknownToken() {
        problem(post(JOBS, "{\"board\":\"1 2 3 4 5 6 7 8 123x\"}"), 400)
                .body("detail", containsString("unknown token '123x'"));
    }

    @Test
    void anOverlongTargetOrOversizedHeadersGetProblemsNotEmptyAnswers() throws Exception {
        HttpResponse<String> longTarget = send(HttpRequest.newBuilder(
                base.resolve(JOBS + "/" + "a".repeat(5000))).GET());
        assertProblem(longTarget, 414, ProblemType.URI_TOO_LONG);
        HttpResponse<String> bigHeaders = send(HttpRequest.newBuilder(base.resolve(JOBS + "/" + UUID.randomUUID()))
                .header("X-Padding", "p".repeat(25_000)).GET());
        assertProblem(bigHeaders, 431, ProblemType.HEADERS_TOO_LARGE);
    }

    private static HttpResponse<String> send(HttpRequest.Builder request) throws IOException, InterruptedException {
        return HTTP.send(request.timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static void assertProblem(HttpResponse<String> response, int status, ProblemType type) {
        assertEquals(status, response.statusCode(), response.body());
        assertTrue(response.headers().firstValue("Content-Type").orElse("").startsWith("application/problem+json"));
        assertTrue(response.body().contains("\"type\":\"" + type.urn() + "\""), response.body());
    }

    private static ValidatableResponse post(String path, String body) {
        return given().contentType(ContentType.JSON).body(body).post(path).then();
    }

    private static ValidatableResponse malformed(ValidatableResponse response) {
        return problem(response, 400).body("type", equalTo(ProblemType.MALFORMED_REQUEST.urn()));
    }

    private static ValidatableResponse problem(ValidatableResponse response, int status) {
        return response.statusCode(status).contentType("application/problem+json").body("status", equalTo(status));
    }
}
