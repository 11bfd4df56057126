package io.npuzzle.deploy.k8s;

import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.autoscaling.v2.HorizontalPodAutoscalerBehavior;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * KEDA's ScaledObject ({@code keda.sh/v1alpha1}), field for field as KEDA 2.x documents it; no Java model of
 * it is published, so this one stands in, with the required fields enforced. Read with {@link StrictMapper},
 * an unknown field is an error.
 */
public record ScaledObject(String apiVersion, String kind, ObjectMeta metadata, Spec spec) {

    public ScaledObject {
        Objects.requireNonNull(metadata, "metadata is required");
        Objects.requireNonNull(spec, "spec is required");
    }

    public record Spec(ScaleTargetRef scaleTargetRef, Integer pollingInterval, Integer cooldownPeriod,
                       Integer initialCooldownPeriod, Integer idleReplicaCount, Integer minReplicaCount,
                       Integer maxReplicaCount, Fallback fallback, Advanced advanced, List<Trigger> triggers) {

        public Spec {
            Objects.requireNonNull(scaleTargetRef, "spec.scaleTargetRef is required");
            if (triggers == null || triggers.isEmpty()) {
                throw new IllegalArgumentException("spec.triggers needs at least one trigger");
            }
        }

        /** KEDA's defaults where the field is left out. */
        public int minReplicas() {
            return minReplicaCount != null ? minReplicaCount : 0;
        }

        public int maxReplicas() {
            return maxReplicaCount != null ? maxReplicaCount : 100;
        }
    }

    public record ScaleTargetRef(String apiVersion, String kind, String name, String envSourceContainerName) {

        public ScaleTargetRef {
            Objects.requireNonNull(name, "spec.scaleTargetRef.name is required");
        }

        /** A ScaledObject scales a Deployment unless it names another kind. */
        public String targetKind() {
            return kind != null ? kind : "Deployment";
        }
    }

    public record Fallback(int failureThreshold, int replicas, String behavior) {
    }

    public record Advanced(Boolean restoreToOriginalReplicaCount,
                           HorizontalPodAutoscalerConfig horizontalPodAutoscalerConfig,
                           ScalingModifiers scalingModifiers) {
    }

    public record HorizontalPodAutoscalerConfig(String name, HorizontalPodAutoscalerBehavior behavior) {
    }

    public record ScalingModifiers(String formula, String target, String activationTarget, String metricType) {
    }

    public record AuthenticationRef(String name, String kind) {
    }

    public record Trigger(String type, String name, Map<String, String> metadata,
                          AuthenticationRef authenticationRef, String metricType, Boolean useCachedMetrics) {

        public Trigger {
            Objects.requireNonNull(type, "a trigger's type is required");
            Objects.requireNonNull(metadata, "a trigger's metadata is required");
        }

        /** The metadata of a {@code kafka} trigger, checked key by key. */
        public KafkaTrigger kafka() {
            if (!"kafka".equals(type)) {
                throw new IllegalStateException("not a kafka trigger: " + type);
            }
            return StrictMapper.get().convertValue(metadata, KafkaTrigger.class);
        }

        /** The metadata of a {@code prometheus} trigger, checked key by key. */
        public PrometheusTrigger prometheus() {
            if (!"prometheus".equals(type)) {
                throw new IllegalStateException("not a prometheus trigger: " + type);
            }
            return StrictMapper.get().convertValue(metadata, PrometheusTrigger.class);
        }
    }

    /** The metadata keys of KEDA's Prometheus scaler; values are strings, as in every trigger's metadata. */
    public record PrometheusTrigger(String serverAddress, String query, String threshold, String activationThreshold,
                                    String namespace, String queryParameters, String customHeaders,
                                    String ignoreNullValues, String unsafeSsl) {

        public PrometheusTrigger {
            Objects.requireNonNull(serverAddress, "prometheus trigger: serverAddress is required");
            Objects.requireNonNull(query, "prometheus trigger: query is required");
            Objects.requireNonNull(threshold, "prometheus trigger: threshold is required");
            if (Double.parseDouble(threshold) <= 0) {
                throw new IllegalArgumentException("prometheus trigger: threshold must be positive: " + threshold);
            }
        }
    }

    /** The metadata keys of KEDA's Apache Kafka scaler; values are strings, as in every trigger's metadata. */
    public record KafkaTrigger(String bootstrapServers, String consumerGroup, String topic, String lagThreshold,
                               String activationLagThreshold, String offsetResetPolicy, String allowIdleConsumers,
                               String excludePersistentLag, String scaleToZeroOnInvalidOffset,
                               String limitToPartitionsWithLag, String ensureEvenDistributionOfPartitions,
                               String partitionLimitation, String version, String sasl, String tls,
                               String unsafeSsl) {

        public KafkaTrigger {
            Objects.requireNonNull(bootstrapServers, "kafka trigger: bootstrapServers is required");
            Objects.requireNonNull(consumerGroup, "kafka trigger: consumerGroup is required");
            positive("lagThreshold", lagThreshold);
            nonNegative("activationLagThreshold", activationLagThreshold);
            oneOf("offsetResetPolicy", offsetResetPolicy, "earliest", "latest");
            for (String flag : new String[] {allowIdleConsumers, excludePersistentLag, scaleToZeroOnInvalidOffset,
                    limitToPartitionsWithLag, ensureEvenDistributionOfPartitions, unsafeSsl}) {
                oneOf("a boolean key", flag, "true", "false");
            }
        }

        private static void positive(String key, String value) {
            if (value != null && Long.parseLong(value) <= 0) {
                throw new IllegalArgumentException("kafka trigger: " + key + " must be positive: " + value);
            }
        }

        private static void nonNegative(String key, String value) {
            if (value != null && Long.parseLong(value) < 0) {
                throw new IllegalArgumentException("kafka trigger: " + key + " must not be negative: " + value);
            }
        }

        private static void oneOf(String key, String value, String... allowed) {
            if (value != null && !List.of(allowed).contains(value)) {
                throw new IllegalArgumentException("kafka trigger: " + key + " must be one of "
                        + List.of(allowed) + ", not " + value);
            }
        }
    }
}
