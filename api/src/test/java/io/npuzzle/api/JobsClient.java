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
import java.util.Set;

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

    /** Posts one job, given as its JSON body, and returns the job, which must have been accepted. */
    public JsonNode acceptedJson(String body) {
        HttpResponse<String> response = send(HttpRequest.newBuilder(URI.create(base + "/api/v1/jobs"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)));
        assertTrue(response.statusCode() == 202 || response.statusCode() == 200, response.body());
        return read(response.body());
    }

    /** Cancels a job; the answer, whatever it is. */
    public HttpResponse<String> cancel(String id) {
        return send(HttpRequest.newBuilder(URI.create(base + "/api/v1/jobs/" + id)).DELETE());
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
        JsonNode job = awaitFinished(id, timeout);
        assertEquals("DONE", job.get("status").asText(), "job " + id + " did not end DONE: " + job);
        return job;
    }

    /** Long-polls a job until it has finished, whatever its outcome; fails when the timeout passes first. */
    public JsonNode awaitFinished(String id, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            long left = Math.max(1, Math.min(LONG_POLL_SECONDS, (deadline - System.nanoTime()) / 1_000_000_000L));
            HttpResponse<String> response = send(HttpRequest.newBuilder(
                    URI.create(base + "/api/v1/jobs/" + id + "?wait=" + left)));
            assertEquals(200, response.statusCode(), response.body());
            JsonNode job = read(response.body());
            if (Set.of("DONE", "FAILED", "CANCELLED").contains(job.get("status").asText())) {
                return job;
            }
            assertTrue(System.nanoTime() < deadline, "job " + id + " did not finish in " + timeout + ": " + job);
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
