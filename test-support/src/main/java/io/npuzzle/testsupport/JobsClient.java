package io.npuzzle.testsupport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The job endpoints of one API instance, as a client sees them: a process on this machine or a container whose
 * port is published on the Docker host. The methods named for an outcome ({@link #accepted}, {@link #status},
 * {@link #awaitDone}, {@link #awaitFinished}) fail the test, through JUnit assertions, when the API answers
 * otherwise; the others return the answer, whatever it is.
 */
public final class JobsClient {

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Longer than any answer should take, so that a hung request fails the test instead of stalling it. */
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(40);
    private static final int LONG_POLL_SECONDS = 20;
    private static final Set<String> FINAL = Set.of("DONE", "FAILED", "CANCELLED");

    private final String base;
    /** The API key sent as {@code Authorization: Bearer}, or null to send none. */
    private final String apiKey;

    /** The API listening on {@code port} of this machine. */
    public JobsClient(int port) {
        this("localhost", port);
    }

    /** The API listening on {@code host}:{@code port}. */
    public JobsClient(String host, int port) {
        this("http://" + host + ":" + port, null);
    }

    private JobsClient(String base, String apiKey) {
        this.base = base;
        this.apiKey = apiKey;
    }

    /** The same API, called with an API key. */
    public JobsClient withKey(String key) {
        return new JobsClient(base, key);
    }

    /** A job body: the board and, when not null, its goal and mode. */
    public static String body(String board, String goal, String mode) {
        ObjectNode body = JSON.createObjectNode().put("board", board);
        if (goal != null) {
            body.put("goal", goal);
        }
        if (mode != null) {
            body.put("mode", mode);
        }
        return body.toString();
    }

    /** Posts one job, given as its JSON body, and returns the answer, whatever it is. */
    public HttpResponse<String> submit(String body) {
        return send(HttpRequest.newBuilder(URI.create(base + "/api/v1/jobs"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    /** Posts one job, given as its JSON body, waiting up to {@code waitSeconds} for it to finish; any answer. */
    public HttpResponse<String> submit(String body, int waitSeconds) {
        return send(HttpRequest.newBuilder(URI.create(base + "/api/v1/jobs?wait=" + waitSeconds))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    /** Posts a batch, given as its JSON body, and returns the answer, whatever it is. */
    public HttpResponse<String> submitBatch(String body) {
        return send(HttpRequest.newBuilder(URI.create(base + "/api/v1/jobs/batch"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    /** Posts one board as a job, with the default goal and mode, and returns the answer, whatever it is. */
    public HttpResponse<String> submitBoard(String board) {
        return submit(body(board, null, null));
    }

    /** Posts one job, given as its JSON body, and returns the job; it must have been accepted. */
    public JsonNode accepted(String body) {
        HttpResponse<String> response = submit(body);
        assertTrue(response.statusCode() == 202 || response.statusCode() == 200,
                "job not accepted: " + response.statusCode() + " " + response.body());
        return read(response.body());
    }

    /** Posts one board as a job, with the default goal and mode, and returns the job; it must have been accepted. */
    public JsonNode acceptedBoard(String board) {
        return accepted(body(board, null, null));
    }

    /** The job now, the answer whatever it is. */
    public HttpResponse<String> get(String id) {
        return send(HttpRequest.newBuilder(URI.create(base + "/api/v1/jobs/" + id)));
    }

    /** The job's status now; the job must be known. */
    public String status(String id) {
        HttpResponse<String> response = get(id);
        assertEquals(200, response.statusCode(), response.body());
        return read(response.body()).get("status").asText();
    }

    /** The job now, long-polled for up to {@code waitSeconds}; the answer, whatever it is. */
    public HttpResponse<String> get(String id, int waitSeconds) {
        return send(HttpRequest.newBuilder(URI.create(base + "/api/v1/jobs/" + id + "?wait=" + waitSeconds)));
    }

    /** Cancels a job; the answer, whatever it is. */
    public HttpResponse<String> cancel(String id) {
        return send(HttpRequest.newBuilder(URI.create(base + "/api/v1/jobs/" + id)).DELETE());
    }

    /** The caller's jobs waiting their turn, by lane ({@code GET /api/v1/queue}); the answer, whatever it is. */
    public HttpResponse<String> queue() {
        return send(HttpRequest.newBuilder(URI.create(base + "/api/v1/queue")));
    }

    /** The API's readiness probe; the answer, whatever it is. */
    public HttpResponse<String> readiness() {
        return send(HttpRequest.newBuilder(URI.create(base + "/q/health/ready")));
    }

    /** Long-polls a job until it is DONE; fails when it ends otherwise or the timeout passes first. */
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
            if (FINAL.contains(job.get("status").asText())) {
                return job;
            }
            assertTrue(System.nanoTime() < deadline, "job " + id + " did not finish in " + timeout + ": " + job);
        }
    }

    /**
     * One Server-Sent Event: its id, its name and its data (a job as JSON, for a job's events), and the names of the
     * fields its lines carried, in order (comments left out), to check that it sent only what the specification
     * defines.
     */
    public record ServerSentEvent(String id, String name, String data, List<String> fields) {

        public JsonNode job() {
            return read(data);
        }
    }

    /**
     * What a job's event stream sent: its HTTP status and content type, then its events, read until the stream
     * ended or {@code most} events came (the connection is then closed, as a client that goes away closes it).
     */
    public record EventStream(int status, String contentType, List<ServerSentEvent> events) {
    }

    /**
     * Follows a job's live events, sending {@code lastEventId} as {@code Last-Event-ID} unless it is null, and the
     * API key if there is one.
     */
    public EventStream events(String id, String lastEventId, int most) {
        return events(id, lastEventId, events -> events.size() >= most);
    }

    /**
     * Follows a job's live events as {@link #events(String, String, int)} does, until the stream ends or the events
     * read so far are {@code enough}.
     */
    public EventStream events(String id, String lastEventId, Predicate<List<ServerSentEvent>> enough) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + "/api/v1/jobs/" + id + "/events"))
                .header("Accept", "text/event-stream").timeout(REQUEST_TIMEOUT);
        if (lastEventId != null) {
            request.header("Last-Event-ID", lastEventId);
        }
        if (apiKey != null) {
            request.header("Authorization", "Bearer " + apiKey);
        }
        HttpResponse<Stream<String>> response;
        try {
            response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofLines());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
        String contentType = response.headers().firstValue("Content-Type").orElse("");
        List<ServerSentEvent> events = new ArrayList<>();
        try (Stream<String> lines = response.body()) {
            if (response.statusCode() == 200) {
                readEvents(lines.iterator(), events, enough);
            }
        }
        return new EventStream(response.statusCode(), contentType, events);
    }

    /** Reads events (fields separated by a blank line) until the stream ends or they are {@code enough}. */
    private static void readEvents(Iterator<String> lines, List<ServerSentEvent> events,
                                   Predicate<List<ServerSentEvent>> enough) {
        String eventId = null;
        String name = null;
        StringBuilder data = new StringBuilder();
        List<String> fields = new ArrayList<>();
        while (!enough.test(events) && lines.hasNext()) {
            String line = lines.next();
            if (line.isEmpty()) {
                if (!data.isEmpty()) {
                    events.add(new ServerSentEvent(eventId, name, data.toString(), List.copyOf(fields)));
                }
                name = null;
                data.setLength(0);
                fields.clear();
                continue;
            }
            if (!line.startsWith(":")) {
                fields.add(line.indexOf(':') < 0 ? line : line.substring(0, line.indexOf(':')));
            }
            if (line.startsWith("id:")) {
                eventId = line.substring(3).strip();
            } else if (line.startsWith("event:")) {
                name = line.substring(6).strip();
            } else if (line.startsWith("data:")) {
                data.append(data.isEmpty() ? "" : "\n").append(line.substring(5).strip());
            }
        }
    }

    /** Parses an answer's body, or any other JSON text. */
    public static JsonNode read(String body) {
        try {
            return JSON.readTree(body);
        } catch (IOException e) {
            throw new UncheckedIOException("not JSON: " + body, e);
        }
    }

    private HttpResponse<String> send(HttpRequest.Builder request) {
        if (apiKey != null) {
            request.header("Authorization", "Bearer " + apiKey);
        }
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
