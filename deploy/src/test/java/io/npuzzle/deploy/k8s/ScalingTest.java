package io.npuzzle.deploy.k8s;

import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.autoscaling.v2.HorizontalPodAutoscaler;
import io.fabric8.kubernetes.api.model.autoscaling.v2.MetricSpec;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import io.npuzzle.deploy.Repository;
import io.npuzzle.deploy.app.AppRun;
import io.strimzi.api.kafka.model.topic.KafkaTopic;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Workers scale with KEDA on their consumer group's lag, the API with an HPA on CPU, both within bounds. */
class ScalingTest {

    @ParameterizedTest
    @FieldSource("io.npuzzle.deploy.k8s.Kustomize#OVERLAYS")
    void workersScaleOnTheLagOfTheirOwnGroupAndTopic(String overlay) {
        RenderedOverlay rendered = RenderedOverlay.of(overlay);
        ScaledObject.Spec spec = workerScaler(rendered).spec();
        assertEquals("Deployment", spec.scaleTargetRef().targetKind());
        assertEquals(KubernetesApps.deployment(rendered, "worker").getMetadata().getName(), spec.scaleTargetRef().name());
        assertEquals(1, spec.triggers().size(), "one trigger: the requests' lag");
        ScaledObject.KafkaTrigger trigger = spec.triggers().get(0).kafka();

        AppRun worker = KubernetesApps.run(rendered, "worker");
        Map<String, String> incoming = worker.app().topics("incoming");
        assertEquals(1, incoming.size(), "the worker reads one topic");
        String channel = incoming.keySet().iterator().next();
        assertEquals(incoming.get(channel), trigger.topic(), "the trigger watches the topic the workers consume");
        assertEquals(worker.app().groupId(channel, worker.env()), trigger.consumerGroup(),
                "the trigger watches the workers' consumer group");
        assertEquals(AppWiringTest.bootstrapAddress(rendered, true), trigger.bootstrapServers(),
                "KEDA's operator reaches the overlay's Kafka from its own namespace");
        assertEquals("false", trigger.allowIdleConsumers(), "no worker beyond the partitions");
    }

    @ParameterizedTest
    @FieldSource("io.npuzzle.deploy.k8s.Kustomize#OVERLAYS")
    void workersNeverOutnumberThePartitions(String overlay) {
        RenderedOverlay rendered = RenderedOverlay.of(overlay);
        ScaledObject.Spec spec = workerScaler(rendered).spec();
        String topic = spec.triggers().get(0).kafka().topic();
        KafkaTopic requests = rendered.all(KafkaTopic.class).stream()
                .filter(candidate -> TopicNames.of(candidate).equals(topic)).findFirst()
                .orElseThrow(() -> new AssertionError("no KafkaTopic " + topic));
        int partitions = requests.getSpec().getPartitions();
        assertTrue(spec.maxReplicas() <= partitions,
                "maxReplicaCount " + spec.maxReplicas() + " > " + partitions + " partitions of " + topic);
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

    static ScaledObject workerScaler(RenderedOverlay rendered) {
        List<ScaledObject> scalers = rendered.all(ScaledObject.class);
        assertEquals(1, scalers.size(), "one ScaledObject, for the workers");
        return scalers.get(0);
    }
}
