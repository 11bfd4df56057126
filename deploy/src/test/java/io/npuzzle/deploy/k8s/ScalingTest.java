package io.npuzzle.deploy.k8s;

import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.autoscaling.v2.HorizontalPodAutoscaler;
import io.fabric8.kubernetes.api.model.autoscaling.v2.MetricSpec;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import io.npuzzle.deploy.Repository;
import io.npuzzle.deploy.app.AppMeters;
import io.npuzzle.deploy.app.AppRun;
import io.npuzzle.protocol.Topics;
import io.strimzi.api.kafka.model.topic.KafkaTopic;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Workers scale with KEDA on their classic consumer groups' lag and on the heavy jobs waiting their turn, the API
 * with an HPA on CPU, both within bounds.
 */
class ScalingTest {

    @ParameterizedTest
    @FieldSource("io.npuzzle.deploy.k8s.Kustomize#OVERLAYS")
    void workersScaleOnTheLagOfEveryTopicTheyRead(String overlay) {
        RenderedOverlay rendered = RenderedOverlay.of(overlay);
        ScaledObject.Spec spec = workerScaler(rendered).spec();
        assertEquals("Deployment", spec.scaleTargetRef().targetKind());
        assertEquals(KubernetesApps.deployment(rendered, "worker").getMetadata().getName(), spec.scaleTargetRef().name());
        Map<String, ScaledObject.KafkaTrigger> triggers = kafkaTriggersByTopic(spec);

        // A topic without a trigger could pile up work that never adds a worker; a trigger on a topic no worker
        // reads would add workers for nothing.
        AppRun worker = KubernetesApps.run(rendered, "worker");
        // Task results are read by every worker in a group of its own: their lag is no work waiting. The heavy
        // requests are read by a share group, which has no committed offsets for KEDA's kafka scaler to read.
        Map<String, String> incoming = new TreeMap<>(worker.app().topics("incoming"));
        incoming.values().removeAll(List.of(Topics.SEARCH_RESULTS, Topics.HEAVY_REQUESTS));
        assertEquals(new TreeSet<>(incoming.values()), new TreeSet<>(triggers.keySet()),
                "one trigger on each topic a classic group of the workers consumes, and none on another");
        incoming.forEach((channel, topic) -> {
            ScaledObject.KafkaTrigger trigger = triggers.get(topic);
            assertEquals(worker.app().groupId(channel, worker.env()), trigger.consumerGroup(),
                    topic + ": the trigger watches the group of the workers' channel " + channel);
            assertEquals(AppWiringTest.bootstrapAddress(rendered, true), trigger.bootstrapServers(),
                    topic + ": KEDA's operator reaches the overlay's Kafka from its own namespace");
            assertEquals("false", trigger.allowIdleConsumers(), topic + ": no worker beyond the partitions");
        });
    }

    @ParameterizedTest
    @FieldSource("io.npuzzle.deploy.k8s.Kustomize#OVERLAYS")
    void workersScaleOnTheHeavyJobsWaitingTheirTurnAsTheApiServesThem(String overlay) {
        ScaledObject.Spec spec = workerScaler(RenderedOverlay.of(overlay)).spec();
        List<ScaledObject.PrometheusTrigger> prometheus = spec.triggers().stream()
                .filter(trigger -> trigger.type().equals("prometheus")).map(ScaledObject.Trigger::prometheus).toList();
        assertEquals(1, prometheus.size(), "one trigger on the heavy lane's backlog");
        String query = prometheus.get(0).query();
        assertEquals(Set.of("npuzzle_lane_jobs_waiting"), PromQl.metricNames(query));
        assertTrue(AppMeters.seriesNames().contains("npuzzle_lane_jobs_waiting"), "the API serves the gauge");
        assertTrue(query.contains("lane=\"heavy\""), query);
        // Every API replica reports the same queues: a sum would count them once per replica.
        assertTrue(query.startsWith("max("), query);
    }

    @ParameterizedTest
    @FieldSource("io.npuzzle.deploy.k8s.Kustomize#OVERLAYS")
    void workersNeverOutnumberThePartitions(String overlay) {
        RenderedOverlay rendered = RenderedOverlay.of(overlay);
        ScaledObject.Spec spec = workerScaler(rendered).spec();
        // Every worker joins the classic group of each watched topic, so each topic must have a partition for each.
        for (String topic : kafkaTriggersByTopic(spec).keySet()) {
            KafkaTopic requests = rendered.all(KafkaTopic.class).stream()
                    .filter(candidate -> TopicNames.of(candidate).equals(topic)).findFirst()
                    .orElseThrow(() -> new AssertionError("no KafkaTopic " + topic));
            int partitions = requests.getSpec().getPartitions();
            assertTrue(spec.maxReplicas() <= partitions,
                    "maxReplicaCount " + spec.maxReplicas() + " > " + partitions + " partitions of " + topic);
        }
        assertTrue(spec.minReplicas() >= 1, "one worker stays up, with its databases loaded");
        assertTrue(spec.minReplicas() <= spec.maxReplicas());
    }

    @ParameterizedTest
    @FieldSource("io.npuzzle.deploy.k8s.Kustomize#OVERLAYS")
    void apiScalesOnCpu(String overlay) {
        RenderedOverlay rendered = RenderedOverlay.of(overlay);
        List<HorizontalPodAutoscaler> autoscalers = rendered.all(HorizontalPodAutoscaler.class);
        assertEquals(1, autoscalers.size(), "KEDA makes the workers' HPA itself; the overlay has the API's only");
        var spec = autoscalers.get(0).getSpec();
        assertEquals("Deployment", spec.getScaleTargetRef().getKind());
        assertEquals(KubernetesApps.deployment(rendered, "api").getMetadata().getName(), spec.getScaleTargetRef().getName());
        assertTrue(spec.getMinReplicas() >= 1 && spec.getMinReplicas() <= spec.getMaxReplicas());
        MetricSpec metric = spec.getMetrics().get(0);
        assertEquals("cpu", metric.getResource().getName());
        assertEquals("Utilization", metric.getResource().getTarget().getType());
        // Utilization is a share of the request, so the container must request CPU.
        assertTrue(KubernetesApps.container(KubernetesApps.deployment(rendered, "api")).getResources()
                .getRequests().containsKey("cpu"));
    }

    @ParameterizedTest
    @FieldSource("io.npuzzle.deploy.k8s.Kustomize#OVERLAYS")
    void autoscaledDeploymentsLeaveTheirReplicasToTheAutoscaler(String overlay) {
        RenderedOverlay rendered = RenderedOverlay.of(overlay);
        for (String module : Repository.APPS) {
            assertNull(KubernetesApps.deployment(rendered, module).getSpec().getReplicas(),
                    module + ": a fixed replica count would fight the autoscaler on every apply");
        }
    }

    @ParameterizedTest
    @FieldSource("io.npuzzle.deploy.k8s.Kustomize#OVERLAYS")
    void everyDeploymentHasADisruptionBudgetSelectingItsPods(String overlay) {
        RenderedOverlay rendered = RenderedOverlay.of(overlay);
        List<PodDisruptionBudget> budgets = rendered.all(PodDisruptionBudget.class);
        for (Deployment deployment : rendered.all(Deployment.class)) {
            Map<String, String> podLabels = deployment.getSpec().getTemplate().getMetadata().getLabels();
            long selecting = budgets.stream()
                    .filter(budget -> podLabels.entrySet().containsAll(
                            budget.getSpec().getSelector().getMatchLabels().entrySet()))
                    .count();
            assertEquals(1, selecting, deployment.getMetadata().getName() + ": disruption budgets selecting it");
        }
    }

    /** The scaler's kafka triggers by the topic each watches; one trigger a topic. */
    static Map<String, ScaledObject.KafkaTrigger> kafkaTriggersByTopic(ScaledObject.Spec spec) {
        Map<String, ScaledObject.KafkaTrigger> byTopic = new TreeMap<>();
        for (ScaledObject.Trigger trigger : spec.triggers()) {
            if (!trigger.type().equals("kafka")) {
                continue;
            }
            ScaledObject.KafkaTrigger kafka = trigger.kafka();
            // Without a topic KEDA sums the lag of all the group's topics, capped at all their partitions together.
            assertNotNull(kafka.topic(), "a kafka trigger names its topic");
            assertNull(byTopic.put(kafka.topic(), kafka), "two triggers on " + kafka.topic());
        }
        return byTopic;
    }

    static ScaledObject workerScaler(RenderedOverlay rendered) {
        List<ScaledObject> scalers = rendered.all(ScaledObject.class);
        assertEquals(1, scalers.size(), "one ScaledObject, for the workers");
        return scalers.get(0);
    }
}
