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
    void anUnknownFieldIsRefusedAndNamedNotIgnored() {
        malformed(post(JOBS, BOARD + ",\"mdoe\":\"fast\"}"))
                .body("detail", containsString("unknown field 'mdoe'"))
                .body("detail", containsString("mode"));
        malformed(post(JOBS + "/batch", "{\"jobs\":[" + BOARD + "}],\"priority\":1}"))
                .body("detail", containsString("unknown field 'priority'"));
    }

    @Test
    void aFieldGivenTwiceIsRefusedAndNamedNotTakenLastOneWins() {
        malformed(post(JOBS, BOARD + ",\"board\":\"1 2 3 4 5 6 7 0 8\"}"))
                .body("detail", equalTo("field 'board' is given more than once"));
        malformed(post(JOBS + "/batch", "{\"jobs\":[" + BOARD + ",\"mode\":\"fast\",\"mode\":\"optimal\"}]}"))
                .body("detail", equalTo("field 'mode' is given more than once"));
    }

    @Test
    void aStringFieldTakesAJsonStringAndANumberFieldAJsonNumber() {
        for (String body : new String[] {"{\"board\":123}", "{\"board\":true}", "{\"board\":1.5}",
                BOARD + ",\"goal\":123456780}", BOARD + ",\"mode\":1}"}) {
            malformed(post(JOBS, body)).body("detail", containsString("has the wrong type or form"));
        }
        for (String ratio : new String[] {"\"1.25\"", "true"}) {
            malformed(post(JOBS, BOARD + ",\"mode\":\"bounded\",\"ratio\":" + ratio + "}"))
                    .body("detail", equalTo("field 'ratio' has the wrong type or form"));
        }
        post(JOBS, BOARD + ",\"mode\":\"bounded\",\"ratio\":2}").statusCode(oneOf(200, 202));
    }

    @Test
    void aModeIsOneOfTheValuesTheOpenApiDocumentSpellsOut() {
        for (String mode : new String[] {"FAST", "Optimal", " bounded", ""}) {
            problem(post(JOBS, BOARD + ",\"mode\":\"" + mode + "\"}"), 400)
                    .body("type", equalTo(ProblemType.INVALID_MODE.urn()));
        }
        post(JOBS, BOARD + ",\"mode\":\"fast\"}").statusCode(oneOf(200, 202));
    }

    @Test
    void aBatchEntryWithAnUnknownFieldOrAWrongTypeIsRefusedByNameAndTheOthersAccepted() {
        given().contentType(ContentType.JSON).body("{\"jobs\":[" + BOARD + ",\"mdoe\":\"fast\"}," + BOARD
                        + "},{\"board\":123}]}").post(JOBS + "/batch").then().statusCode(202)
                .body("jobs[0].type", equalTo(ProblemType.MALFORMED_REQUEST.urn()))
                .body("jobs[0].detail", containsString("unknown field 'mdoe'"))
                .body("jobs[1].id", org.hamcrest.Matchers.notNullValue())
                .body("jobs[2].detail", containsString("field 'board' has the wrong type or form"));
    }

    @Test
    void anEmptyBatchIsRefused() {
        malformed(post(JOBS + "/batch", "{\"jobs\":[]}")).body("detail", containsString("at least one job"));
    }

    @Test
    void aQueryParameterGivenTwiceOrWithoutAValueIsRefused() {
        String job = JOBS + "/" + UUID.randomUUID();
        for (String query : new String[] {"?wait=", "?wait", "?wait=1&wait=2", "?wait=1&wait=1"}) {
            malformed(given().urlEncodingEnabled(false).get(job + query).then())
                    .body("detail", containsString("query parameter 'wait'"));
        }
        problem(given().urlEncodingEnabled(false).get(job + "?wait=%20").then(), 400)
                .body("type", equalTo(ProblemType.INVALID_WAIT.urn()));
        problem(given().get(job + "?wait=1").then(), 404);
    }

    @Test
    void aBodyWithoutAJsonContentTypeIsAn415() throws Exception {
        HttpResponse<String> none = send(HttpRequest.newBuilder(base.resolve(JOBS))
                .POST(HttpRequest.BodyPublishers.ofString(BOARD + "}")));
        assertProblem(none, 415, ProblemType.UNSUPPORTED_MEDIA_TYPE);
        HttpResponse<String> text = send(HttpRequest.newBuilder(base.resolve(JOBS + "/batch"))
                .header("Content-Type", "text/plain").POST(HttpRequest.BodyPublishers.ofString("{\"jobs\":[]}")));
        assertProblem(text, 415, ProblemType.UNSUPPORTED_MEDIA_TYPE);
    }

    @Test
    void aCompressedBodyIsAn415NotBrokenJson() throws Exception {
        java.io.ByteArrayOutputStream gzipped = new java.io.ByteArrayOutputStream();
        try (java.util.zip.GZIPOutputStream out = new java.util.zip.GZIPOutputStream(gzipped)) {
            out.write((BOARD + "}").getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        for (String encoding : new String[] {"gzip", "br", "identity, gzip"}) {
            HttpResponse<String> response = send(HttpRequest.newBuilder(base.resolve(JOBS))
                    .header("Content-Type", "application/json").header("Content-Encoding", encoding)
                    .POST(HttpRequest.BodyPublishers.ofByteArray(gzipped.toByteArray())));
            assertProblem(response, 415, ProblemType.UNSUPPORTED_MEDIA_TYPE);
            assertTrue(response.body().contains("Content-Encoding"), response.body());
        }
        HttpResponse<String> identity = send(HttpRequest.newBuilder(base.resolve(JOBS))
                .header("Content-Type", "application/json").header("Content-Encoding", "identity")
                .POST(HttpRequest.BodyPublishers.ofString(BOARD + "}")));
        assertTrue(identity.statusCode() == 200 || identity.statusCode() == 202, identity.body());
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
