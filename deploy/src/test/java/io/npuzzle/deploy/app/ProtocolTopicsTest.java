package io.npuzzle.deploy.app;

import io.npuzzle.protocol.Topics;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The services configure exactly the topics and consumer groups that the protocol names. */
class ProtocolTopicsTest {

    private static final AppModule API = AppModule.of("api");
    private static final AppModule WORKER = AppModule.of("worker");

    @Test
    void theAppsTopicsAreTheProtocolsTopics() {
        Set<String> configured = new TreeSet<>();
        for (AppModule app : new AppModule[] {API, WORKER}) {
            configured.addAll(app.topics("incoming").values());
            configured.addAll(app.topics("outgoing").values());
        }
        assertEquals(new TreeSet<>(Topics.ALL), configured);
    }

    @Test
    void eachChannelReadsAndWritesTheTopicTheProtocolNamesForIt() {
        assertEquals(Map.of("solve-requests", Topics.REQUESTS,
                "search-tasks", Topics.SEARCH_TASKS, "search-results", Topics.SEARCH_RESULTS),
                WORKER.topics("incoming"));
        assertEquals(Map.of("solve-results", Topics.RESULTS), API.topics("incoming"));
        assertEquals(Topics.REQUESTS, API.topics("outgoing").get("solve-requests"));
        assertEquals(Topics.HEAVY_REQUESTS, API.topics("outgoing").get("heavy-solve-requests"));
        assertEquals(Topics.RESULTS, WORKER.topics("outgoing").get("solve-results"));
        assertEquals(Topics.DEAD_LETTERS, WORKER.topics("outgoing").get("solve-requests.dead-letter-queue"));
        assertEquals(Topics.DEAD_LETTERS, WORKER.topics("outgoing").get("dead-letters"));
        assertEquals(Topics.SEARCH_TASKS, WORKER.topics("outgoing").get("search-tasks-out"));
        assertEquals(Topics.SEARCH_RESULTS, WORKER.topics("outgoing").get("search-results-out"));
        assertEquals(Topics.SEARCH_DEAD_LETTERS, WORKER.topics("outgoing").get("search-tasks.dead-letter-queue"));
    }

    @Test
    void theConsumerGroupsAreTheProtocolsGroups() {
        assertEquals(Topics.WORKER_GROUP, WORKER.groupId("solve-requests", Map.of()));
        assertEquals(Topics.SEARCH_GROUP, WORKER.groupId("search-tasks", Map.of()));
        assertEquals(Topics.API_GROUP, API.groupId("solve-results", Map.of()));
    }
}
