package io.npuzzle.api.messaging;

import io.npuzzle.runtime.kafka.KafkaClients;
import io.smallrye.common.annotation.Identifier;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.ListOffsetsResult;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.RemoveMembersFromConsumerGroupOptions;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.GroupIdNotFoundException;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The consumer group in which the API replicas read the outcomes topic, as the broker sees it: its members and
 * how far it has committed. Calls block for at most {@link #CALL_TIMEOUT}; run them off the event loop.
 */
@ApplicationScoped
public class OutcomeGroup {

    static final Duration CALL_TIMEOUT = Duration.ofSeconds(5);

    private final Admin admin;
    private final String groupId;
    private final String topic;

    @Inject
    OutcomeGroup(@Identifier("default-kafka-broker") Map<String, Object> kafka,
                 @ConfigProperty(name = "mp.messaging.incoming.solve-results.group.id") String groupId,
                 @ConfigProperty(name = "mp.messaging.incoming.solve-results.topic") String topic) {
        this.admin = KafkaClients.admin(kafka, "npuzzle-api-outcome-group", CALL_TIMEOUT);
        this.groupId = groupId;
        this.topic = topic;
    }

    public String groupId() {
        return groupId;
    }

    /**
     * Removes every member of the group, so that members of processes that died (which the broker keeps until
     * their session times out, also across a broker restart) hold no partitions. Live members rejoin at their next
     * heartbeat, as they do for any rebalance. Returns how many members were removed.
     */
    public int removeMembers() throws KafkaCallException {
        ConsumerGroupDescription group;
        try {
            group = await(admin.describeConsumerGroups(List.of(groupId)).describedGroups().get(groupId));
        } catch (KafkaCallException e) {
            if (e.getCause() instanceof GroupIdNotFoundException) {
                return 0;
            }
            throw e;
        }
        int members = group.members().size();
        if (members > 0) {
            await(admin.removeMembersFromConsumerGroup(groupId, new RemoveMembersFromConsumerGroupOptions()).all());
        }
        return members;
    }

    /** The outcomes not yet committed by the group, and the offsets it has committed, summed over partitions. */
    public Backlog backlog() throws KafkaCallException {
        Map<TopicPartition, OffsetAndMetadata> committed = await(
                admin.listConsumerGroupOffsets(groupId).partitionsToOffsetAndMetadata());
        List<TopicPartition> partitions = await(admin.describeTopics(List.of(topic)).allTopicNames()).get(topic)
                .partitions().stream().map(info -> new TopicPartition(topic, info.partition())).toList();
        Map<TopicPartition, ListOffsetsResult.ListOffsetsResultInfo> ends = await(admin.listOffsets(
                partitions.stream().collect(Collectors.toMap(Function.identity(), p -> OffsetSpec.latest()))).all());
        long behind = 0;
        long committedSum = 0;
        for (TopicPartition partition : partitions) {
            OffsetAndMetadata at = committed.get(partition);
            long done = at == null ? 0 : at.offset();
            committedSum += done;
            behind += Math.max(0, ends.get(partition).offset() - done);
        }
        return new Backlog(behind, committedSum);
    }

    @PreDestroy
    void close() {
        admin.close(CALL_TIMEOUT);
    }

    private static <T> T await(org.apache.kafka.common.KafkaFuture<T> future) throws KafkaCallException {
        try {
            return future.get(CALL_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            throw new KafkaCallException(e.getCause() != null ? e.getCause() : e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new KafkaCallException(e);
        }
    }

    /**
     * @param records   outcomes published but not committed by the group
     * @param committed the group's committed offsets summed over the partitions: it grows while outcomes drain
     */
    public record Backlog(long records, long committed) {
    }

    /** A call to the broker that failed or did not answer in time. */
    public static final class KafkaCallException extends Exception {

        KafkaCallException(Throwable cause) {
            super(cause.getMessage(), cause);
        }
    }
}
