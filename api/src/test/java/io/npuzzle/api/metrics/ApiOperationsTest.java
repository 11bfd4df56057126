package io.npuzzle.api.metrics;

import io.npuzzle.api.PipelineResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import org.awaitility.Awaitility;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The API's probes cover Kafka and Redis; its metrics count jobs and time them. */
@QuarkusTest
@WithTestResource(PipelineResource.class)
class ApiOperationsTest {

    @Test
    void readyWithKafkaAndRedisUp() {
        given().get("/q/health/ready").then().statusCode(200)
                .body("status", equalTo("UP"))
                .body("checks.name", hasItems("redis", "SmallRye Reactive Messaging - readiness check"));
        given().get("/q/health/live").then().statusCode(200).body("status", equalTo("UP"));
        given().get("/q/health/started").then().statusCode(200).body("status", equalTo("UP"));
    }

    @Test
    void tracesAreOffWhereNoOtlpEndpointIsSet() {
        assertTrue(ConfigProvider.getConfig().getValue("quarkus.otel.sdk.disabled", Boolean.class),
                "the SDK is disabled, though Quarkus gives the endpoint a default");
        given().contentType(ContentType.JSON).body(Map.of("board", "1 2 3 4 5 6 7 x 8")).post("/api/v1/jobs")
                .then().body("traceId", nullValue());
    }

    @Test
    void metricsCountAndTimeJobsAndCountCacheLookups() {
        String id = given().contentType(ContentType.JSON).body(Map.of("board", "1 2 3 4 5 x 7 8 6"))
                .post("/api/v1/jobs").then().extract().path("id");
        given().get("/api/v1/jobs/" + id + "?wait=20").then().statusCode(200).body("status", equalTo("DONE"));
        // The job is recorded before the batch of results it came in is acknowledged; the meter follows the record.
        Awaitility.await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> given().get("/q/metrics").then()
                .statusCode(200)
                .body(containsString("npuzzle_jobs_submitted_total{route=\"queue\"}"))
                .body(containsString("npuzzle_jobs_finished_total{status=\"DONE\"}"))
                .body(containsString("npuzzle_jobs_latency_seconds_bucket{lane=\"quick\",status=\"DONE\",le="))
                .body(containsString("npuzzle_cache_lookups_total{result=\"miss\",where=\"api\"}"))
                .body(containsString("kafka_consumer_fetch_manager_records_lag_max")));
    }
}
