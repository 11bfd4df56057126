package io.npuzzle.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.npuzzle.testsupport.FreePorts;
import io.npuzzle.testsupport.JobsClient;
import io.npuzzle.testsupport.JobsClient.ServerSentEvent;
import io.npuzzle.testsupport.ServiceProcess;
import io.npuzzle.testsupport.TestInfrastructure;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A job's live events read from the API replica that did not accept it, across a reconnect with Last-Event-ID:
 * two API processes and a worker on one broker and Redis.
 */
class LiveEventsIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    /** A random 5x5 arrangement: the worker searches it, optimally, until it is cancelled. */
    private static final String HARD_5X5 = "23 2 9 1 15 7 16 8 13 21 24 0 20 3 11 6 22 17 14 5 18 10 19 4 12";

    private static final List<ServiceProcess> services = new ArrayList<>();
    private static JobsClient accepting;
    private static JobsClient streaming;

    @BeforeAll
    static void startServices() {
        TestInfrastructure.shared().redis().flushAll();
        int acceptingPort = FreePorts.next();
        int streamingPort = FreePorts.next();
        services.addAll(ServiceProcess.startTogether(List.of(
                () -> PackagedServices.startWorker("it-events-worker", "events-worker"),
                () -> PackagedServices.startApi("it-events-api-a", acceptingPort),
                () -> PackagedServices.startApi("it-events-api-b", streamingPort))));
        accepting = new JobsClient(acceptingPort);
        streaming = new JobsClient(streamingPort);
    }

    @AfterAll
    static void stopServices() {
        ServiceProcess.closeAll(services);
    }

    @Test
    void theOtherReplicaStreamsAJobToItsEndAcrossAReconnectWithLastEventId() {
        String id = accepting.acceptedBoard("8 6 7 2 5 4 3 0 1").get("id").asText();

        List<ServerSentEvent> events = streaming.events(id, null, 100).events();

        ServerSentEvent last = events.get(events.size() - 1);
        assertEquals("DONE", last.job().get("status").asText());
        assertEquals(31, last.job().at("/result/length").asInt());
        assertEquals(List.of(), streaming.events(id, last.id(), 100).events(), "nothing after the final event");
    }

    @Test
    void aClientThatReconnectsWithLastEventIdGetsTheChangesItMissedAndTheFinalStatus() {
        String id = accepting.accepted(JobsClient.body(HARD_5X5, null, "optimal")).get("id").asText();
        ServerSentEvent first = streaming.events(id, null, 1).events().get(0);
        assertEquals("status", first.name());

        // While the client is away the job starts, its search may report progress, and it is cancelled.
        Awaitility.await().atMost(TIMEOUT).until(() -> "RUNNING".equals(accepting.status(id)));
        assertEquals(200, accepting.cancel(id).statusCode());

        List<ServerSentEvent> resumed = streaming.events(id, first.id(), 100).events();
        assertTrue(Long.parseLong(resumed.get(0).id()) > Long.parseLong(first.id()), "only newer events");
        ServerSentEvent last = resumed.get(resumed.size() - 1);
        assertEquals("status", last.name());
        assertEquals("CANCELLED", last.job().get("status").asText());
        // Progress is reported by the core's searches once they report it; whatever came must be well-formed.
        for (ServerSentEvent event : resumed) {
            JsonNode progress = event.job().get("progress");
            if (progress != null && !progress.isNull()) {
                assertEquals("RUNNING", event.job().get("status").asText());
                assertTrue(progress.get("nodes").asLong() > 0 && progress.has("bound")
                        && progress.has("elapsedMillis"), progress.toString());
            }
        }
    }
}
