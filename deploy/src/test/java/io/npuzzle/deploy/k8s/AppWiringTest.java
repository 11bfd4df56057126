package io.npuzzle.deploy.k8s;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServicePort;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.npuzzle.deploy.Repository;
import io.npuzzle.deploy.app.AppRun;
import io.npuzzle.deploy.app.AppRunChecks;
import io.npuzzle.deploy.image.Dockerfile;
import io.strimzi.api.kafka.model.kafka.Kafka;
import io.strimzi.api.kafka.model.kafka.listener.GenericKafkaListener;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The apps' Deployments match what the apps understand and serve, in every overlay. */
class AppWiringTest {

    static Stream<Arguments> overlaysAndApps() {
        return Kustomize.OVERLAYS.stream()
                .flatMap(overlay -> Repository.APPS.stream().map(app -> Arguments.of(overlay, app)));
    }

    @ParameterizedTest
    @MethodSource("overlaysAndApps")
    void environmentNamesAreTheAppsConfigKeys(String overlay, String app) {
        AppRun run = KubernetesApps.run(RenderedOverlay.of(overlay), app);
        AppRunChecks.assertEnvUnderstood(run, Dockerfile.read().env(app));
    }

    @ParameterizedTest
    @MethodSource("overlaysAndApps")
    void probesHitTheHealthEndpoints(String overlay, String app) {
        AppRunChecks.assertProbesServed(KubernetesApps.run(RenderedOverlay.of(overlay), app));
    }

    @ParameterizedTest
    @MethodSource("overlaysAndApps")
    void gracePeriodCoversTheWorkInFlight(String overlay, String app) {
        AppRunChecks.assertStopsGracefully(KubernetesApps.run(RenderedOverlay.of(overlay), app));
    }

    @ParameterizedTest
    @MethodSource("overlaysAndApps")
    void jvmExitsWhenOutOfMemory(String overlay, String app) {
        RenderedOverlay rendered = RenderedOverlay.of(overlay);
        Container container = KubernetesApps.container(KubernetesApps.deployment(rendered, app));
        // A command or args of its own would bypass the image's entrypoint, which is what reads JAVA_OPTS.
        assertTrue(container.getCommand().isEmpty() && container.getArgs().isEmpty(),
                overlay + " " + app + ": the image's entrypoint starts the app");
        AppRunChecks.assertExitsOnOutOfMemory(KubernetesApps.run(rendered, app), Dockerfile.read().env(app));
    }

    @ParameterizedTest
    @MethodSource("overlaysAndApps")
    void kafkaBootstrapIsTheStrimziBootstrapService(String overlay, String app) {
        RenderedOverlay rendered = RenderedOverlay.of(overlay);
        AppRun run = KubernetesApps.run(rendered, app);
        assertEquals(bootstrapAddress(rendered, false), run.app().require("kafka.bootstrap.servers", run.env()),
                run.where());
    }

    @ParameterizedTest
    @MethodSource("overlaysAndApps")
    void redisHostIsTheRedisService(String overlay, String app) {
        RenderedOverlay rendered = RenderedOverlay.of(overlay);
        AppRun run = KubernetesApps.run(rendered, app);
        StatefulSet redis = rendered.named(StatefulSet.class, "npuzzle-redis");
        Service service = rendered.all(Service.class).stream()
                .filter(candidate -> redis.getSpec().getTemplate().getMetadata().getLabels().entrySet()
                        .containsAll(candidate.getSpec().getSelector().entrySet()))
                .findFirst().orElseThrow(() -> new AssertionError("no Service selects the Redis pods"));
        ServicePort port = service.getSpec().getPorts().get(0);
        assertEquals(port.getPort(), KubernetesApps.containerPort(redis.getSpec().getTemplate().getSpec()
                .getContainers().get(0), port.getTargetPort()), "the Redis Service reaches the Redis port");
        assertEquals("redis://" + service.getMetadata().getName() + ":" + port.getPort(),
                run.app().require("quarkus.redis.hosts", run.env()), run.where());
    }

    /**
     * Strimzi names the bootstrap Service {@code <cluster>-kafka-bootstrap}; the port of the apps' listener, or
     * from another namespace (KEDA's operator) of KEDA's listener, with the namespace in the name.
     */
    static String bootstrapAddress(RenderedOverlay rendered, boolean fromAnotherNamespace) {
        Kafka kafka = rendered.all(Kafka.class).get(0);
        // The apps' listener is "plain"; KEDA's operator, in another namespace, reads the lag on "lag".
        String name = fromAnotherNamespace ? "lag" : "plain";
        GenericKafkaListener plain = kafka.getSpec().getKafka().getListeners().stream()
                .filter(listener -> !listener.isTls() && listener.getName().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("the Kafka cluster has no plain listener " + name));
        String service = kafka.getMetadata().getName() + "-kafka-bootstrap";
        return (fromAnotherNamespace ? service + "." + rendered.namespace() + ".svc" : service) + ":" + plain.getPort();
    }
}
