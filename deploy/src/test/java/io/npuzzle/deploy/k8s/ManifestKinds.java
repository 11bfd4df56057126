package io.npuzzle.deploy.k8s;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.autoscaling.v2.HorizontalPodAutoscaler;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import io.strimzi.api.kafka.model.kafka.Kafka;
import io.strimzi.api.kafka.model.nodepool.KafkaNodePool;
import io.strimzi.api.kafka.model.topic.KafkaTopic;
import io.strimzi.api.kafka.model.user.KafkaUser;

import java.util.Map;

/**
 * The object types the manifests may contain, by {@code apiVersion} and {@code kind}, with the model each is
 * read into. A type not listed here fails the checks: nothing reaches a cluster unvalidated.
 */
public final class ManifestKinds {

    private static final Map<String, Class<?>> MODELS = Map.ofEntries(
            Map.entry("v1/Namespace", Namespace.class),
            Map.entry("v1/ConfigMap", ConfigMap.class),
            Map.entry("v1/Service", Service.class),
            Map.entry("v1/PersistentVolumeClaim", PersistentVolumeClaim.class),
            Map.entry("batch/v1/Job", Job.class),
            Map.entry("apps/v1/Deployment", Deployment.class),
            Map.entry("apps/v1/StatefulSet", StatefulSet.class),
            Map.entry("autoscaling/v2/HorizontalPodAutoscaler", HorizontalPodAutoscaler.class),
            Map.entry("policy/v1/PodDisruptionBudget", PodDisruptionBudget.class),
            Map.entry("networking.k8s.io/v1/NetworkPolicy", NetworkPolicy.class),
            // Strimzi's model serves every API version of its resources; StrimziV1 adds what v1 requires.
            Map.entry("kafka.strimzi.io/v1/Kafka", Kafka.class),
            Map.entry("kafka.strimzi.io/v1/KafkaNodePool", KafkaNodePool.class),
            Map.entry("kafka.strimzi.io/v1/KafkaTopic", KafkaTopic.class),
            Map.entry("kafka.strimzi.io/v1/KafkaUser", KafkaUser.class),
            Map.entry("keda.sh/v1alpha1/ScaledObject", ScaledObject.class),
            Map.entry("monitoring.coreos.com/v1/PrometheusRule", PrometheusRule.class));

    private ManifestKinds() {
    }

    public static Class<?> modelOf(String apiVersion, String kind) {
        Class<?> model = MODELS.get(apiVersion + "/" + kind);
        if (model == null) {
            throw new AssertionError("no model for " + apiVersion + " " + kind + ": add it to ManifestKinds with a model"
                    + " that validates it, or use a type that has one");
        }
        return model;
    }
}
