package io.npuzzle.api.web;

import io.npuzzle.api.PipelineResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ValidatableResponse;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;

/** The page, its scripts, the API's answers and its problems all carry the browser policy headers. */
@QuarkusTest
@WithTestResource(PipelineResource.class)
class BrowserHeadersTest {

    @Test
    void thePageAndItsScriptsRunOnlyTheirOwnScriptsAndCannotBeFramed() {
        hardened(given().get("/").then().statusCode(200).contentType(containsString("text/html")))
                .header("Content-Security-Policy", equalTo(BrowserHeaders.CONTENT_SECURITY_POLICY))
                .header("Content-Security-Policy", not(containsString("unsafe-inline")));
        hardened(given().get("/js/app.js").then().statusCode(200));
    }

    @Test
    void apiAnswersAndProblemsCarryTheHeadersToo() {
        hardened(given().get("/api/v1/jobs/00000000-0000-4000-8000-000000000000").then().statusCode(404))
                .header("Content-Security-Policy", equalTo(BrowserHeaders.CONTENT_SECURITY_POLICY));
        hardened(given().get("/q/openapi").then().statusCode(200));
    }

    private static ValidatableResponse hardened(ValidatableResponse response) {
        return response.header("X-Content-Type-Options", equalTo("nosniff"))
                .header("X-Frame-Options", equalTo("DENY"))
                .header("Content-Security-Policy", containsString("frame-ancestors 'none'"));
    }
}
