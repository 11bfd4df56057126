package io.npuzzle.worker.messaging;

import io.npuzzle.protocol.Topics;
import io.npuzzle.runtime.kafka.KafkaClients;
import io.npuzzle.worker.config.WorkerConfig;
import io.smallrye.common.annotation.Identifier;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.InvalidConfigurationException;
import org.apache.kafka.common.errors.InvalidRequestException;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The heavy lane's share group as the broker keeps it: every worker sets its dynamic settings before consuming,
 * so that the group reads the topic from its start (a share group starts at the end by default, which would skip
 * jobs published before its first member joined), and so that a worker that dies loses its partitions and its
 * jobs as soon as the quick lane's classic group would: Kafka's defaults (45 s of session, 30 s of lock) would keep
 * them much longer. A broker whose floors refuse those timings keeps its own, with a warning: jobs still move on,
 * later.
 */
@ApplicationScoped
public class HeavyLaneGroup {

    private static final Logger LOG = Logger.getLogger(HeavyLaneGroup.class);
    static final String START_FROM = "share.auto.offset.reset";
    static final String LOCK_DURATION = "share.record.lock.duration.ms";
    static final String SESSION_TIMEOUT = "share.session.timeout.ms";
    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(10);

    private final Admin admin;
    private final String groupId;
    private final Duration lock;
    private final Duration session;
    private volatile boolean configured;

    @Inject
    HeavyLaneGroup(@Identifier("default-kafka-broker") Map<String, Object> kafka, WorkerConfig config) {
        this(KafkaClients.admin(kafka, "npuzzle-worker-heavy-lane-group", CALL_TIMEOUT), Topics.HEAVY_SHARE_GROUP,
                config.heavy().lockDuration(), config.heavy().sessionTimeout());
    }

    HeavyLaneGroup(Admin admin, String groupId, Duration lock, Duration session) {
        this.admin = admin;
        this.groupId = groupId;
        this.lock = lock;
        this.session = session;
    }

    /** Sets the group's settings once per worker; throws, to be retried, while the broker does not answer. */
    public synchronized void configure() {
        if (configured) {
            return;
        }
        alter(List.of(set(START_FROM, "earliest")));
        try {
            alter(List.of(set(LOCK_DURATION, Long.toString(lock.toMillis())),
                    set(SESSION_TIMEOUT, Long.toString(session.toMillis()))));
        } catch (RefusedSettings e) {
            LOG.warnf("the broker refuses a lock of %s or a session of %s for group %s (%s): it keeps its own, and a"
                    + " worker that dies holds its heavy jobs longer; lower its group.share.min.* floors",
                    lock, session, groupId, e.getCause().getMessage());
        }
        if (!everyMemberTakesEveryJob(Topics.HEAVY_REQUESTS)) {
            LOG.warnf("topic %s has more than %d partition: while the workers are fewer than its partitions, the"
                    + " share group gives each partition to one of them, and a heavy job waits for its partition's"
                    + " worker however many slots stand idle; recreate the topic with %d (docs/operations.md)",
                    Topics.HEAVY_REQUESTS, Topics.HEAVY_REQUESTS_PARTITIONS, Topics.HEAVY_REQUESTS_PARTITIONS);
        }
        configured = true;
    }

    /**
     * Whether {@code topic} has no more partitions than {@link Topics#HEAVY_REQUESTS_PARTITIONS}, so that the share
     * group assigns each to every member; true too when the broker cannot say, as this only decides a warning.
     */
    boolean everyMemberTakesEveryJob(String topic) {
        try {
            return admin.describeTopics(List.of(topic)).allTopicNames()
                    .get(CALL_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS).get(topic).partitions().size()
                    <= Topics.HEAVY_REQUESTS_PARTITIONS;
        } catch (ExecutionException | TimeoutException e) {
            LOG.debugf("could not count the partitions of %s: %s", topic, e.toString());
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return true;
        }
    }

    private static final class RefusedSettings extends RuntimeException {
        RefusedSettings(Throwable cause) {
            super(cause);
        }
    }

    private void alter(List<AlterConfigOp> settings) {
        ConfigResource group = new ConfigResource(ConfigResource.Type.GROUP, groupId);
        try {
            admin.incrementalAlterConfigs(Map.of(group, settings)).all()
                    .get(CALL_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof InvalidConfigurationException
                    || e.getCause() instanceof InvalidRequestException) {
                throw new RefusedSettings(e.getCause());
            }
            throw new IllegalStateException("could not set the settings of group " + groupId, e);
        } catch (TimeoutException e) {
            throw new IllegalStateException("could not set the settings of group " + groupId, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while setting the heavy lane's group", e);
        }
    }

    private static AlterConfigOp set(String name, String value) {
        return new AlterConfigOp(new ConfigEntry(name, value), AlterConfigOp.OpType.SET);
    }

    @PreDestroy
    void close() {
        admin.close(CALL_TIMEOUT);
    }
}
