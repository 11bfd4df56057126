package io.npuzzle.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The job endpoints of one API instance running as a process, as a client sees them. */
public final class JobsClient {

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Longer than any answer should take, so a hung request fails the test instead of stalling it. */
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(40);
    private static final int LONG_POLL_SECONDS = 20;

    private final String base;

    public JobsClient(int port) {
        this.base = "http://localhost:" + port;
    }

    /** Posts one board as a job and returns the answer, whatever it is. */
    public HttpResponse<String> submit(String board) {
        return send(HttpRequest.newBuilder(URI.create(base + "/api/v1/jobs"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"board\": \"" + board + "\"}")));
    }

    /** Posts one board and returns the job, which must have been accepted. */
    public JsonNode accepted(String board) {
        HttpResponse<String> response = submit(board);
        assertTrue(response.statusCode() == 202 || response.statusCode() == 200, response.body());
        return read(response.body());
    }

    public HttpResponse<String> get(String id) {
        return send(HttpRequest.newBuilder(URI.create(base + "/api/v1/jobs/" + id)));
    }

    /** The API's readiness probe. */
    public HttpResponse<String> readiness() {
        return send(HttpRequest.newBuilder(URI.create(base + "/q/health/ready")));
    }

    /** Long-polls a job until it is DONE; fails when it FAILS or the timeout passes first. */
    public JsonNode awaitDone(String id, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            HttpResponse<String> response = send(HttpRequest.newBuilder(
                    URI.create(base + "/api/v1/jobs/" + id + "?wait=" + LONG_POLL_SECONDS)));
            assertEquals(200, response.statusCode(), response.body());
            JsonNode job = read(response.body());
            String status = job.get("status").asText();
            if (status.equals("DONE")) {
                return job;
            }
            assertTrue(!status.equals("FAILED") && System.nanoTime() < deadline,
                    "job " + id + " did not end DONE: " + response.body());
        }
    }

    public static JsonNode read(String body) {
        try {
            return JSON.readTree(body);
        } catch (IOException e) {
            throw new UncheckedIOException("not JSON: " + body, e);
        }
    }

    private static HttpResponse<String> send(HttpRequest.Builder request) {
        try {
            return HTTP.send(request.timeout(REQUEST_TIMEOUT).build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
