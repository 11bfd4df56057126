package io.npuzzle.worker.messaging;

import io.npuzzle.protocol.Topics;
import io.npuzzle.worker.config.WorkerConfig;
import io.smallrye.common.annotation.Identifier;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.common.config.ConfigResource;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The heavy lane's share group as the broker keeps it: every worker sets its dynamic settings before consuming,
 * so that the group reads the topic from its start (a share group starts at the end by default, which would skip
 * jobs published before its first member joined) and locks a record for the lock duration the workers renew by.
 */
@ApplicationScoped
public class HeavyLaneGroup {

    static final String START_FROM = "share.auto.offset.reset";
    static final String LOCK_DURATION = "share.record.lock.duration.ms";
    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(10);

    private final Admin admin;
    private final String groupId;
    private final Duration lock;
    private volatile boolean configured;

    @Inject
    HeavyLaneGroup(@Identifier("default-kafka-broker") Map<String, Object> kafka, WorkerConfig config) {
        this(admin(kafka), Topics.HEAVY_SHARE_GROUP, config.heavy().lockDuration());
    }

    HeavyLaneGroup(Admin admin, String groupId, Duration lock) {
        this.admin = admin;
        this.groupId = groupId;
        this.lock = lock;
    }

    private static Admin admin(Map<String, Object> kafka) {
        Map<String, Object> settings = new HashMap<>();
        AdminClientConfig.configNames().stream().filter(kafka::containsKey)
                .forEach(key -> settings.put(key, kafka.get(key)));
        settings.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) CALL_TIMEOUT.toMillis());
        settings.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) CALL_TIMEOUT.toMillis());
        return Admin.create(settings);
    }

    /** Sets the group's settings once per worker; throws, to be retried, while the broker does not answer. */
    public synchronized void configure() {
        if (configured) {
            return;
        }
        ConfigResource group = new ConfigResource(ConfigResource.Type.GROUP, groupId);
        try {
            admin.incrementalAlterConfigs(Map.of(group, List.of(
                    set(START_FROM, "earliest"),
                    set(LOCK_DURATION, Long.toString(lock.toMillis())))))
                    .all().get(CALL_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("could not set the settings of group " + groupId, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while setting the heavy lane's group", e);
        }
        configured = true;
    }

    private static AlterConfigOp set(String name, String value) {
        return new AlterConfigOp(new ConfigEntry(name, value), AlterConfigOp.OpType.SET);
    }

    @PreDestroy
    void close() {
        admin.close(CALL_TIMEOUT);
    }
}
