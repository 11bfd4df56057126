package io.npuzzle.deploy.k8s;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.npuzzle.deploy.Repository;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every object of every overlay fits its model exactly, and every workload is hardened and sized. */
class ManifestModelsTest {

    @ParameterizedTest
    @FieldSource("io.npuzzle.deploy.k8s.Kustomize#OVERLAYS")
    void everyObjectFitsItsModel(String overlay) {
        RenderedOverlay rendered = RenderedOverlay.of(overlay);
        List<String> kinds = rendered.manifests().stream().map(Manifest::kind).distinct().sorted().toList();
        assertEquals(List.of("ConfigMap", "Deployment", "HorizontalPodAutoscaler", "Job", "Kafka", "KafkaNodePool",
                "KafkaTopic", "KafkaUser", "Namespace", "NetworkPolicy", "PersistentVolumeClaim",
                "PodDisruptionBudget", "PrometheusRule", "ScaledObject", "Service", "StatefulSet"), kinds);
    }

    @ParameterizedTest
    @FieldSource("io.npuzzle.deploy.k8s.Kustomize#OVERLAYS")
    void everythingLivesInTheOverlaysNamespace(String overlay) {
        RenderedOverlay rendered = RenderedOverlay.of(overlay);
        String namespace = rendered.namespace();
        assertEquals(List.of(namespace), rendered.manifests().stream()
                .filter(manifest -> manifest.kind().equals("Namespace")).map(Manifest::name).toList());
    }

    @ParameterizedTest
    @FieldSource("io.npuzzle.deploy.k8s.Kustomize#OVERLAYS")
    void workloadsAreSizedAndHardened(String overlay) {
        RenderedOverlay rendered = RenderedOverlay.of(overlay);
        Stream<PodSpec> pods = Stream.concat(
                rendered.all(Deployment.class).stream().map(deployment -> deployment.getSpec().getTemplate().getSpec()),
                rendered.all(StatefulSet.class).stream().map(set -> set.getSpec().getTemplate().getSpec()));
        pods.forEach(pod -> {
            assertEquals(Boolean.FALSE, pod.getAutomountServiceAccountToken(), "no pod talks to the Kubernetes API");
            assertEquals(Boolean.TRUE, pod.getSecurityContext().getRunAsNonRoot());
            assertNotNull(pod.getSecurityContext().getRunAsUser(), "a numeric user, checkable against runAsNonRoot");
            assertEquals("RuntimeDefault", pod.getSecurityContext().getSeccompProfile().getType());
            for (Container container : pod.getContainers()) {
                String where = overlay + " " + container.getName() + ": ";
                var resources = container.getResources();
                assertTrue(resources.getRequests().containsKey("cpu"), where + "cpu request");
                assertTrue(resources.getRequests().containsKey("memory"), where + "memory request");
                assertEquals(resources.getRequests().get("memory") != null, resources.getLimits().containsKey("memory"),
                        where + "memory limit");
                var security = container.getSecurityContext();
                assertEquals(Boolean.FALSE, security.getAllowPrivilegeEscalation(), where + "privilege escalation");
                assertEquals(Boolean.TRUE, security.getReadOnlyRootFilesystem(), where + "read-only root");
                assertEquals(List.of("ALL"), security.getCapabilities().getDrop(), where + "capabilities");
                assertNotNull(container.getReadinessProbe(), where + "readiness probe");
                assertNotNull(container.getLivenessProbe(), where + "liveness probe");
            }
        });
    }

    @Test
    void everyOverlayIsChecked() throws IOException {
        try (Stream<Path> overlays = Files.list(Repository.path("deploy/overlays"))) {
            assertEquals(Kustomize.OVERLAYS, overlays.map(path -> path.getFileName().toString()).sorted().toList());
        }
    }

    @Test
    void aMisspeltFieldIsRejected() {
        String deployment = """
                apiVersion: apps/v1
                kind: Deployment
                metadata:
                  name: typo
                spec:
                  selector:
                    matchLabels: {app: typo}
                  template:
                    spec:
                      containers:
                        - name: app
                          image: app
                          readinessprobe:
                            httpGet: {path: /, port: 8080}
                """;
        AssertionError error = assertThrows(AssertionError.class, () -> RenderedOverlay.parse(deployment));
        assertTrue(error.getMessage().contains("readinessprobe"), error.getMessage());
    }

    @Test
    void aMisspeltStrimziFieldIsRejected() {
        String topic = """
                apiVersion: kafka.strimzi.io/v1
                kind: KafkaTopic
                metadata:
                  name: t
                spec:
                  partition: 3
                """;
        AssertionError error = assertThrows(AssertionError.class, () -> RenderedOverlay.parse(topic));
        assertTrue(error.getMessage().contains("partition"), error.getMessage());
    }

    @Test
    void anUnknownKafkaTriggerKeyIsRejected() {
        String scaledObject = """
                apiVersion: keda.sh/v1alpha1
                kind: ScaledObject
                metadata:
                  name: s
                spec:
                  scaleTargetRef: {name: w}
                  triggers:
                    - type: kafka
                      metadata: {bootstrapServers: "k:9092", consumerGroup: g, lagTreshold: "5"}
                """;
        ScaledObject parsed = (ScaledObject) RenderedOverlay.parse(scaledObject).get(0).model();
        var trigger = parsed.spec().triggers().get(0);
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, trigger::kafka);
        assertTrue(error.getMessage().contains("lagTreshold"), error.getMessage());
    }

    @Test
    void aMisspeltPrometheusRuleFieldIsRejected() {
        String rule = ruleGroup("""
                        - alert: A
                          expr: up == 0
                          keepFiringFor: 5m
                """);
        AssertionError error = assertThrows(AssertionError.class, () -> RenderedOverlay.parse(rule));
        assertTrue(error.getMessage().contains("keepFiringFor"), error.getMessage());
    }

    @Test
    void aRuleWithoutAnExpressionOrABadDurationIsRejected() {
        String withoutExpr = ruleGroup("""
                        - alert: A
                          for: 1m
                """);
        AssertionError error = assertThrows(AssertionError.class, () -> RenderedOverlay.parse(withoutExpr));
        assertTrue(error.getMessage().contains("expr is required"), error.getMessage());
        String badDuration = withoutExpr.replace("for: 1m", "expr: up == 0\n          for: 1 minute");
        error = assertThrows(AssertionError.class, () -> RenderedOverlay.parse(badDuration));
        assertTrue(error.getMessage().contains("not a Prometheus duration"), error.getMessage());
    }

    @Test
    void aRuleMustBeEitherAnAlertOrARecord() {
        String both = ruleGroup("""
                        - alert: A
                          record: a:b
                          expr: up
                """);
        AssertionError error = assertThrows(AssertionError.class, () -> RenderedOverlay.parse(both));
        assertTrue(error.getMessage().contains("either an alert or a record"), error.getMessage());
    }

    /** A PrometheusRule of one group whose rules are {@code rules}, a YAML list indented as a group's. */
    private static String ruleGroup(String rules) {
        return """
                apiVersion: monitoring.coreos.com/v1
                kind: PrometheusRule
                metadata:
                  name: r
                spec:
                  groups:
                    - name: g
                      rules:
                """ + rules;
    }

    @Test
    void aTypeWithoutAModelIsRejected() {
        String ingress = """
                apiVersion: networking.k8s.io/v1
                kind: Ingress
                metadata:
                  name: i
                """;
        AssertionError error = assertThrows(AssertionError.class, () -> RenderedOverlay.parse(ingress));
        assertFalse(error.getMessage().isEmpty());
    }
}
