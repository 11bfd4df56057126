package io.npuzzle.testsupport;

import io.npuzzle.protocol.Topics;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.TopicDescription;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

class TestInfrastructureTest {

    @Test
    void sharesOneBrokerWithTheServiceTopicsAndOneRedis() throws Exception {
        TestInfrastructure infrastructure = TestInfrastructure.shared();
        assertSame(infrastructure, TestInfrastructure.shared());
        try (Admin admin = infrastructure.kafka().admin()) {
            Map<String, TopicDescription> topics = admin.describeTopics(List.of(Topics.REQUESTS, Topics.HEAVY_REQUESTS, Topics.RESULTS))
                    .allTopicNames().get(30, TimeUnit.SECONDS);
            assertEquals(EmbeddedKafka.PARTITIONS, topics.get(Topics.REQUESTS).partitions().size());
            assertEquals(Topics.HEAVY_REQUESTS_PARTITIONS, topics.get(Topics.HEAVY_REQUESTS).partitions().size());
            assertEquals(EmbeddedKafka.PARTITIONS, topics.get(Topics.RESULTS).partitions().size());
        }
        infrastructure.redis().flushAll();
        assertEquals("redis://127.0.0.1:" + infrastructure.redis().port(), infrastructure.serviceConfig()
                .get("quarkus.redis.hosts"));
    }
}
