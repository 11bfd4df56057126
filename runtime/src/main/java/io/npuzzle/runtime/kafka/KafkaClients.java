package io.npuzzle.runtime.kafka;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * Kafka clients an app makes itself, outside the messaging connector, on the connector's settings (Quarkus'
 * {@code default-kafka-broker}: bootstrap servers, security): only the keys a client of that kind knows are passed
 * on, so that it logs no warning about the others.
 */
public final class KafkaClients {

    private KafkaClients() {
    }

    /** The settings of {@code kafka} that a client knowing {@code names} reads. */
    public static Map<String, Object> settings(Map<String, Object> kafka, Set<String> names) {
        Map<String, Object> settings = new HashMap<>();
        names.stream().filter(kafka::containsKey).forEach(name -> settings.put(name, kafka.get(name)));
        return settings;
    }

    /** An admin client whose every call ends within {@code callTimeout}. */
    public static Admin admin(Map<String, Object> kafka, String clientId, Duration callTimeout) {
        Map<String, Object> settings = settings(kafka, AdminClientConfig.configNames());
        settings.put(AdminClientConfig.CLIENT_ID_CONFIG, clientId);
        settings.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) callTimeout.toMillis());
        settings.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) callTimeout.toMillis());
        return Admin.create(settings);
    }
}
