package io.npuzzle.api.rest;

import com.fasterxml.jackson.databind.JsonNode;
import io.npuzzle.api.PipelineResource;
import io.npuzzle.protocol.ProblemType;
import io.npuzzle.testsupport.JobsClient;
import io.npuzzle.testsupport.JobsClient.EventStream;
import io.npuzzle.testsupport.JobsClient.ServerSentEvent;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.UUID;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A job's live events over Server-Sent Events, against the real pipeline. */
@QuarkusTest
@WithTestResource(PipelineResource.class)
class JobEventsApiTest {

    @ConfigProperty(name = "quarkus.http.test-port")
    int port;

    @Test
    void aJobsEventsEndWithItsFinalStatusEachWithAnIdAndTheJob() {
        JobsClient client = new JobsClient(port);
        String id = client.acceptedBoard("8 6 7 2 5 4 3 0 1").get("id").asText();

        EventStream stream = client.events(id, null, 100);

        assertEquals(200, stream.status());
        assertTrue(stream.contentType().startsWith("text/event-stream"), stream.contentType());
        List<ServerSentEvent> events = stream.events();
        ServerSentEvent last = events.get(events.size() - 1);
        assertEquals("status", last.name());
        JsonNode done = last.job();
        assertEquals("DONE", done.get("status").asText());
        assertEquals(id, done.get("id").asText());
        assertEquals(31, done.at("/result/length").asInt());
        List<Long> ids = events.stream().map(event -> Long.parseLong(event.id())).toList();
        assertEquals(ids.stream().sorted().distinct().toList(), ids, "ids only grow");
    }

    @Test
    void eachEventCarriesOnlyTheIdEventAndDataLinesTheSpecificationDefines() {
        JobsClient client = new JobsClient(port);
        String id = client.acceptedBoard("8 6 7 2 5 4 3 0 1").get("id").asText();

        List<ServerSentEvent> events = client.events(id, null, 100).events();

        assertTrue(!events.isEmpty());
        for (ServerSentEvent event : events) {
            assertEquals(List.of("id", "event", "data"), event.fields(), "the lines of event " + event.id());
            assertEquals(id, event.job().get("id").asText());
        }
    }

    @Test
    void aClientThatSawTheFinalEventGetsNothingMoreAndOneThatDidNotGetsIt() {
        JobsClient client = new JobsClient(port);
        String id = client.acceptedBoard("1 2 3 4 5 6 0 7 8").get("id").asText();
        client.awaitDone(id, java.time.Duration.ofSeconds(30));
        List<ServerSentEvent> all = client.events(id, null, 100).events();
        ServerSentEvent last = all.get(all.size() - 1);

        assertEquals(List.of(), client.events(id, last.id(), 100).events());
        List<ServerSentEvent> resumed = client.events(id, "0", 100).events();
        assertEquals("DONE", resumed.get(resumed.size() - 1).job().get("status").asText());
    }

    @Test
    void anUnknownJobsEventsAreA404Problem() {
        given().accept("text/event-stream").get("/api/v1/jobs/" + UUID.randomUUID() + "/events").then()
                .statusCode(404).contentType("application/problem+json")
                .body("type", equalTo(ProblemType.JOB_NOT_FOUND.urn()));
    }
}
