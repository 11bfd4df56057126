package io.npuzzle.api.health;

import io.npuzzle.api.PipelineResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;

/** The API's probes cover Kafka and Redis. */
@QuarkusTest
@WithTestResource(PipelineResource.class)
class ApiHealthTest {

    @Test
    void readyWithKafkaAndRedisUp() {
        given().get("/q/health/ready").then().statusCode(200)
                .body("status", equalTo("UP"))
                .body("checks.name", hasItems("redis", "SmallRye Reactive Messaging - readiness check"));
        given().get("/q/health/live").then().statusCode(200).body("status", equalTo("UP"));
        given().get("/q/health/started").then().statusCode(200).body("status", equalTo("UP"));
    }
}
