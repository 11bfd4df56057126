package io.npuzzle.api.rest;

import io.npuzzle.api.PipelineResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Semaphore;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.oneOf;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Thousands of generated malformed requests to every endpoint: each must be answered with a 4xx problem, and the
 * service must stay healthy and keep solving afterwards.
 */
@QuarkusTest
@WithTestResource(PipelineResource.class)
class FuzzTest {

    private static final int REQUESTS = 10_000;
    private static final int CONCURRENCY = 16;
    private static final long SEED = 20261130L;

    @TestHTTPResource("/")
    URI base;

    @Test
    void malformedRequestsGetProblemsAndTheServiceKeepsSolving() throws Exception {
        MalformedRequests generator = new MalformedRequests(new Random(SEED), base);
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
        Semaphore slots = new Semaphore(CONCURRENCY);
        ConcurrentLinkedQueue<String> wrong = new ConcurrentLinkedQueue<>();
        List<CompletableFuture<?>> sent = new ArrayList<>(REQUESTS);
        for (int i = 0; i < REQUESTS; i++) {
            HttpRequest request = generator.next();
            slots.acquire();
            sent.add(http.sendAsync(request, HttpResponse.BodyHandlers.ofString())
                    .whenComplete((response, failure) -> {
                        slots.release();
                        String verdict = failure != null ? failure.toString() : verdict(response);
                        if (verdict != null) {
                            wrong.add(request.method() + " " + abbreviated(request.uri().toString()) + ": " + verdict);
                        }
                    }));
        }
        CompletableFuture.allOf(sent.toArray(CompletableFuture[]::new)).handle((done, failure) -> null).join();

        assertEquals(List.of(), wrong.stream().limit(20).toList(), wrong.size() + " answers were not 4xx problems");
        given().get("/q/health/ready").then().statusCode(200);
        String id = given().contentType(ContentType.JSON).body(Map.of("board", "3 1 2 4 0 5 6 7 8"))
                .post("/api/v1/jobs").then().statusCode(oneOf(200, 202)).extract().path("id");
        given().queryParam("wait", 20).get("/api/v1/jobs/" + id).then().statusCode(200)
                .body("status", equalTo("DONE"));
    }

    /** Null when the answer is a 4xx problem, else what is wrong with it. */
    private static String verdict(HttpResponse<String> response) {
        int status = response.statusCode();
        String type = response.headers().firstValue("Content-Type").orElse("");
        if (status < 400 || status >= 500) {
            return "status " + status + " " + abbreviated(response.body());
        }
        if (!type.startsWith("application/problem+json") || !response.body().contains("\"status\":" + status)) {
            return "status " + status + " as " + type + ": " + abbreviated(response.body());
        }
        return null;
    }

    private static String abbreviated(String text) {
        return text.length() <= 200 ? text : text.substring(0, 200) + "...";
    }
}
