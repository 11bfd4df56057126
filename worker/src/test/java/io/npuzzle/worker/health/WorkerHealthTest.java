package io.npuzzle.worker.health;

import io.npuzzle.testsupport.InfrastructureResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The worker's probes answer on its own HTTP port and cover Kafka, Redis and the solver's databases. */
@QuarkusTest
@WithTestResource(InfrastructureResource.class)
class WorkerHealthTest {

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @TestHTTPResource("/q/health")
    URI health;

    @Test
    void readyOnceKafkaRedisAndTheDatabasesAre() throws IOException, InterruptedException {
        Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> get("/ready").statusCode() == 200);
        String ready = get("/ready").body();
        assertTrue(ready.contains("\"redis\""), ready);
        assertTrue(ready.contains("\"solver-databases\""), ready);
        assertTrue(ready.contains("SmallRye Reactive Messaging"), ready);
        assertEquals(200, get("/live").statusCode());
        assertEquals(200, get("/started").statusCode());
    }

    private HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return HTTP.send(HttpRequest.newBuilder(URI.create(health + path)).build(), HttpResponse.BodyHandlers.ofString());
    }
}
