package io.npuzzle.api.auth;

import com.fasterxml.jackson.databind.JsonNode;
import io.npuzzle.api.PackagedServices;
import io.npuzzle.protocol.Hashes;
import io.npuzzle.protocol.ProblemType;
import io.npuzzle.testsupport.FreePorts;
import io.npuzzle.testsupport.JobsClient;
import io.npuzzle.testsupport.ServiceProcess;
import io.npuzzle.testsupport.TestInfrastructure;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The packaged API with API keys on, a worker, the shared broker and Redis: who may do what. */
class ApiKeysIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    private static final String BOARD = "2 3 4 1 5 x 7 6 8";
    /** Per key: enough for the other tests, a few seconds' worth for the rate test to exhaust. */
    private static final int BURST = 30;
    /** Per address, for requests without a valid key: refilled within a second, so that the other tests' requests fit. */
    private static final int UNAUTHENTICATED_BURST = 10;
    private static final Map<String, String> KEYS = Map.of("alice", key(), "bob", key(), "carol", key(),
            "dave", key());

    private static final List<ServiceProcess> services = new ArrayList<>();
    private static ServiceProcess api;
    private static int port;

    @BeforeAll
    static void startServices() {
        TestInfrastructure.shared().redis().flushAll();
        Map<String, String> settings = new HashMap<>(Map.of(
                "npuzzle.api.auth.enabled", "true",
                "npuzzle.api.rate-limit.per-second", "1",
                "npuzzle.api.rate-limit.burst", Integer.toString(BURST),
                "npuzzle.api.rate-limit.unauthenticated-per-second", "20",
                "npuzzle.api.rate-limit.unauthenticated-burst", Integer.toString(UNAUTHENTICATED_BURST),
                // The access log too must never show a key.
                "quarkus.http.access-log.enabled", "true"));
        KEYS.forEach((name, key) -> settings.put("npuzzle.api.auth.keys." + name, "sha256:" + Hashes.sha256Hex(key)));
        port = FreePorts.next();
        services.addAll(ServiceProcess.startTogether(List.of(
                () -> PackagedServices.startWorker("it-keys-worker", "keys-worker"),
                () -> PackagedServices.startApi("it-keys-api", port, settings))));
        api = services.get(1);
    }

    @AfterAll
    static void stopServices() {
        ServiceProcess.closeAll(services);
    }

    @Test
    void withoutAKeyOrWithAWrongOneTheApiAnswers401WithABearerChallenge() {
        HttpResponse<String> none = client(null).submitBoard(BOARD);
        assertUnauthorized(none);
        assertEquals("Bearer realm=\"npuzzle\"", none.headers().firstValue("WWW-Authenticate").orElse(null));

        HttpResponse<String> wrong = client("not-" + KEYS.get("alice")).submitBoard(BOARD);
        assertUnauthorized(wrong);
        assertEquals("Bearer realm=\"npuzzle\", error=\"invalid_token\"",
                wrong.headers().firstValue("WWW-Authenticate").orElse(null));
        assertUnauthorized(client("").get("00000000-0000-4000-8000-000000000000"));
        assertUnauthorized(send("Basic " + KEYS.get("alice"), "/api/v1/jobs/00000000-0000-4000-8000-000000000000"));
    }

    @Test
    void a401CarriesTheBrowserHeadersLikeEveryOtherAnswer() {
        HttpResponse<String> refused = client(null).get("00000000-0000-4000-8000-000000000000");
        assertUnauthorized(refused);
        assertEquals("nosniff", refused.headers().firstValue("X-Content-Type-Options").orElse(null));
        assertEquals("DENY", refused.headers().firstValue("X-Frame-Options").orElse(null));
        assertTrue(refused.headers().firstValue("Content-Security-Policy").orElse("").contains("default-src 'self'"));
    }

    @Test
    void healthMetricsAndTheWebPageStayOpen() {
        for (String path : List.of("/q/health/ready", "/q/metrics", "/", "/js/app.js")) {
            assertEquals(200, send(null, path).statusCode(), path);
        }
    }

    @Test
    void aJobIsVisibleFollowableAndCancellableOnlyWithTheKeyThatSubmittedIt() {
        JobsClient alice = client(KEYS.get("alice"));
        JobsClient bob = client(KEYS.get("bob"));
        // A 4x5 board far from its goal: an optimal search long enough to cancel.
        JsonNode job = alice.accepted("{\"board\": \"6 1 3 4 5 0 2 8 9 10 11 7 12 13 14 15 16 17 18 19\","
                + " \"rows\": 4, \"cols\": 5}");
        String id = job.get("id").asText();
        assertEquals("alice", job.get("owner").asText());

        assertNotFound(bob.get(id));
        assertNotFound(bob.get(id, 5));
        assertEquals(404, bob.events(id, null, 1).status(), "bob cannot follow alice's job either");
        assertNotFound(bob.cancel(id));
        assertEquals(200, alice.get(id).statusCode(), "not cancelled by bob");
        assertFalse(JobsClient.read(alice.get(id).body()).get("status").asText().equals("CANCELLED"));
        HttpResponse<String> cancelled = alice.cancel(id);
        assertTrue(cancelled.statusCode() == 200 || cancelled.statusCode() == 409, cancelled.body());

        String done = alice.acceptedBoard(BOARD).get("id").asText();
        assertEquals(19, alice.awaitDone(done, TIMEOUT).at("/result/length").asInt());
        assertNotFound(bob.get(done));
        JobsClient.EventStream events = alice.events(done, null, 10);
        assertEquals(200, events.status());
        assertEquals("DONE", events.events().get(events.events().size() - 1).job().get("status").asText());

        HttpResponse<String> batch = alice.submitBatch("{\"jobs\": [{\"board\": \"" + BOARD + "\"}]}");
        JsonNode entry = JobsClient.read(batch.body()).at("/jobs/0");
        assertEquals("alice", entry.get("owner").asText());
        assertNotFound(bob.get(entry.get("id").asText()));
        assertEquals(200, alice.get(entry.get("id").asText()).statusCode());
    }

    @Test
    void theRateLimitCountsEachKeyOnItsOwn() {
        JobsClient carol = client(KEYS.get("carol"));
        int limited = 0;
        for (int i = 0; i < BURST + 10; i++) {
            HttpResponse<String> response = carol.get("00000000-0000-4000-8000-000000000000");
            if (response.statusCode() == 429) {
                limited++;
                assertTrue(response.headers().firstValue("Retry-After").isPresent());
            }
        }
        assertTrue(limited > 0, "carol went over her rate");
        assertEquals(404, client(KEYS.get("dave")).get("00000000-0000-4000-8000-000000000000").statusCode(),
                "dave, from the same address, still gets through");
    }

    @Test
    void requestsWithoutAValidKeyAreLimitedPerAddressWith429AndRetryAfter() throws Exception {
        List<java.util.concurrent.CompletableFuture<HttpResponse<String>>> sent = new ArrayList<>();
        HttpClient http = HttpClient.newHttpClient();
        for (int i = 0; i < 6 * UNAUTHENTICATED_BURST; i++) {
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://localhost:" + port
                    + "/api/v1/jobs/00000000-0000-4000-8000-000000000000")).timeout(Duration.ofSeconds(30));
            if (i % 2 == 0) {
                request.header("Authorization", "Bearer guess-" + i);
            }
            sent.add(http.sendAsync(request.build(), HttpResponse.BodyHandlers.ofString()));
        }
        int limited = 0;
        for (var future : sent) {
            HttpResponse<String> response = future.get();
            if (response.statusCode() == 429) {
                limited++;
                assertEquals(ProblemType.RATE_LIMITED.urn(), JobsClient.read(response.body()).get("type").asText());
                assertTrue(Long.parseLong(response.headers().firstValue("Retry-After").orElse("0")) >= 1);
            } else {
                assertUnauthorized(response);
            }
        }
        assertTrue(limited > 0, "requests without a valid key went over their rate");
        assertEquals(404, client(KEYS.get("dave")).get("00000000-0000-4000-8000-000000000000").statusCode(),
                "a valid key from the same address is counted on its own");
        Awaitility.await("the address may try again").atMost(Duration.ofSeconds(10))
                .until(() -> client(null).get("00000000-0000-4000-8000-000000000000").statusCode() == 401);
        Thread.sleep(1000);
    }

    @Test
    void noKeyEverReachesTheLogs() {
        String wrong = "wrong-" + UUID.randomUUID();
        assertUnauthorized(client(wrong).submitBoard(BOARD));
        assertEquals(2, client(KEYS.get("bob")).submitBoard(BOARD).statusCode() / 100);
        Awaitility.await("the access log shows the requests").atMost(Duration.ofSeconds(10))
                .until(() -> api.output().contains("/api/v1/jobs"));
        String log = api.output();
        assertFalse(log.contains(wrong), "the wrong key is not logged");
        KEYS.values().forEach(key -> assertFalse(log.contains(key), "no configured key is logged"));
    }

    private static JobsClient client(String key) {
        JobsClient client = new JobsClient(port);
        return key == null ? client : client.withKey(key);
    }

    private static HttpResponse<String> send(String authorization, String path) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
                .timeout(Duration.ofSeconds(30));
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        try {
            return HttpClient.newHttpClient().send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (Exception e) {
            throw new AssertionError("no answer from " + path, e);
        }
    }

    private static void assertUnauthorized(HttpResponse<String> response) {
        assertEquals(401, response.statusCode(), response.body());
        assertEquals("application/problem+json", response.headers().firstValue("Content-Type").orElse(""));
        assertEquals(ProblemType.UNAUTHORIZED.urn(), JobsClient.read(response.body()).get("type").asText());
        assertTrue(response.headers().firstValue("WWW-Authenticate").orElse("").startsWith("Bearer"));
    }

    private static void assertNotFound(HttpResponse<String> response) {
        assertEquals(404, response.statusCode(), response.body());
        assertEquals(ProblemType.JOB_NOT_FOUND.urn(), JobsClient.read(response.body()).get("type").asText());
    }

    private static String key() {
        return "npz_" + UUID.randomUUID().toString().replace("-", "");
    }
}
