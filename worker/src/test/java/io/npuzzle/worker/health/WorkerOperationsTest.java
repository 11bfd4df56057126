package io.npuzzle.worker.health;

import io.npuzzle.core.model.Mode;
import io.npuzzle.protocol.JobStatus;
import io.npuzzle.protocol.SolveOutcome;
import io.npuzzle.runtime.json.JsonCodec;
import io.npuzzle.testsupport.InfrastructureResource;
import io.npuzzle.testsupport.TestInfrastructure;
import io.npuzzle.worker.jobs.JobFlow;
import io.npuzzle.worker.messaging.TestJobs;
import io.quarkus.redis.datasource.RedisDataSource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
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

/** The worker's probes and metrics, served on its own HTTP port. */
@QuarkusTest
@WithTestResource(InfrastructureResource.class)
class WorkerOperationsTest {

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @TestHTTPResource("/q")
    URI management;
    @Inject
    RedisDataSource redis;
    @Inject
    JsonCodec json;
    @Inject
    JobFlow flow;

    @Test
    void readyOnceKafkaRedisAndTheDatabasesAre() throws IOException, InterruptedException {
        Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> get("/health/ready").statusCode() == 200);
        String ready = get("/health/ready").body();
        assertTrue(ready.contains("\"redis\""), ready);
        assertTrue(ready.contains("\"solver-databases\""), ready);
        assertTrue(ready.contains("SmallRye Reactive Messaging"), ready);
        assertEquals(200, get("/health/live").statusCode());
        assertEquals(200, get("/health/started").statusCode());
    }

    @Test
    void metricsCountJobsCacheLookupsSolveTimesByShapeAndTheDatabases() throws IOException, InterruptedException {
        TestInfrastructure.shared().redis().flushAll();
        TestJobs jobs = new TestJobs(redis, json);
        // 4x4, which no exact table covers: its jobs look in the cache, a miss and then a hit.
        for (int job = 1; job <= 2; job++) {
            SolveOutcome outcome = flow.handle(jobs.create("1 2 3 4 5 6 7 8 9 10 11 12 13 0 14 15", 4, 4, null,
                            Mode.OPTIMAL)).toPublish().orElseThrow();
            assertEquals(JobStatus.DONE, outcome.status(), "job " + job);
        }

        String metrics = get("/metrics").body();
        assertTrue(metrics.contains("npuzzle_solve_time_seconds_bucket{outcome=\"SOLVED\",shape=\"4x4\""), metrics);
        assertTrue(metrics.contains("npuzzle_cache_lookups_total{result=\"hit\",where=\"worker\"}"), metrics);
        assertTrue(metrics.contains("npuzzle_cache_lookups_total{result=\"miss\",where=\"worker\"}"), metrics);
        assertTrue(metrics.contains("npuzzle_worker_jobs_finished_total{status=\"DONE\"}"), metrics);
        assertTrue(metrics.contains("npuzzle_worker_jobs_in_flight"), metrics);
        assertTrue(metrics.contains("npuzzle_database_goals{set=\"standard\",shape=\"4x4\"}"), metrics);
        assertTrue(metrics.contains("npuzzle_database_goals_stored{set=\"standard\",shape=\"4x4\"}"), metrics);
        assertTrue(metrics.contains("npuzzle_database_building"), metrics);
        assertTrue(metrics.contains("kafka_consumer_fetch_manager_records_lag_max"), metrics);
    }

    private HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return HTTP.send(HttpRequest.newBuilder(URI.create(management + path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
